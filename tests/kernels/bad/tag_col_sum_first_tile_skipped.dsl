# Column sums whose row loop starts at 1: the first BR rows never reach the sum.
kernel col_sum(X: f32[R, C], S: f32[C]):
    assume R % 32 == 0 and C % 64 == 0
    const BR, BC = 32, 64
    grid (C / BC)
    threads 64
    tag X[r, c] = (row=r, col=c)
    tag S[c] = (col=c)
    s = zeros f32[BC]
    for rt in range(1, R / BR):
        x = load X[rt * BR : +BR, block.x * BC : +BC]
        s = s + sum(x, axis=0)
    assert tag(s[j]).row == range(0, R) and tag(s[j]).col == block.x * BC + j  #! error[TAG]
    store S[block.x * BC : +BC], s  #! error[TAG]
