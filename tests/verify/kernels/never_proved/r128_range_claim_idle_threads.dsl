# Held-out round 128 (buggy, was proved): the row loop one tile short; the range claim under `if thread.x >= 64` names s, held by threads 0-63.
kernel col_sum(X: f32[R, C], S: f32[C]):
    assume R % 32 == 0 and C % 64 == 0 and R >= 64
    const BR, BC = 32, 64
    grid (C / BC)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag S[c] = (col=c)
    s = zeros f32[BC]
    for rt in range(R / BR - 1):
        x = load X[rt * BR : +BR, block.x * BC : +BC]
        s = s + sum(x, axis=0)
    if thread.x >= 64:
        assert tag(s[j]).row == range(0, R)
    store S[block.x * BC : +BC], s
