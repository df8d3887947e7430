kernel k143(X: f32[cid1, C], S: f32[cid1]):
    assume cid1 % 8 == 0 and C % 256 == 0 and C >= 256
    const Bcid1, BC = 8, 256
    grid (cid1 / Bcid1)
    threads 256
    tag X[r, c] = (row=r, col=c)
    tag S[r] = (row=r, col=range(0, C))
    s = zeros f32[Bcid1]
    for ct in range(C / BC):
        x = load X[block.x * Bcid1 : +Bcid1, min(ct, 1) * BC : +BC]
        s = s + sum(x, axis=1)
    store S[block.x * Bcid1 : +Bcid1], s
