# Naive row-sum seed: s[r] = sum(x[r, :]); one row per block, 32 columns at a time.
kernel row_sum(X: f32[R, C], S: f32[R]):
    assume C % 32 == 0 and C >= 32
    const BC = 32
    grid (R)
    threads 32
    tag X[r, c] = (row=r, col=c)
    tag S[r] = (row=r)
    x0 = load X[block.x : +1, 0 : +BC]
    s = sum(x0, axis=1)
    for ct in range(1, C / BC):
        x = load X[block.x : +1, ct * BC : +BC]
        s = s + sum(x, axis=1)
    assert tag(s[i]).row == block.x + i and tag(s[i]).col == range(0, C)
    store S[block.x : +1], s
