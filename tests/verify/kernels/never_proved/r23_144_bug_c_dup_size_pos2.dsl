kernel k144(X: f32[pos2, C], S: f32[pos2]):
    assume pos2 % 8 == 0 and C % 256 == 0 and C >= 256
    const Bpos2, BC = 8, 256
    grid (pos2 / Bpos2)
    threads 256
    tag X[r, c] = (row=r, col=c)
    tag S[r] = (row=r, col=range(0, C))
    s = zeros f32[Bpos2]
    for ct in range(C / BC):
        x = load X[block.x * Bpos2 : +Bpos2, min(ct, 1) * BC : +BC]
        s = s + sum(x, axis=1)
    store S[block.x * Bpos2 : +Bpos2], s
