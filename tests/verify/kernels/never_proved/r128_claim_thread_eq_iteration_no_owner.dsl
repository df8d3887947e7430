# Held-out round 128 (buggy, was proved): a claim under `if thread.x == rt + 64` whose owners are threads 0-63 (the block reads its neighbour's columns).
kernel col_sum(X: f32[R, C], S: f32[C]):
    assume R % 32 == 0 and C % 64 == 0 and R >= 64
    const BR, BC = 32, 64
    grid (C / BC)
    threads 128
    tag X[r, c] = (row=r, col=c)
    s = zeros f32[BC]
    for rt in range(R / BR):
        x = load X[(rt + 1) % (R / BR) * BR : +BR, (block.x + 1) % (C / BC) * BC : +BC]
        s = s + sum(x, axis=0)
        if thread.x == rt + 64:
            assert tag(s[j]).col == block.x * BC + j
    store S[block.x * BC : +BC], s
