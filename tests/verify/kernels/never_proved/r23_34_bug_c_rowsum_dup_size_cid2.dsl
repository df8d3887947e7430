kernel rowsum_dup_pos2(X: f32[cid2, C], S: f32[cid2]):
    assume cid2 % 8 == 0 and C % 256 == 0 and C >= 256
    const BR, BC = 8, 256
    grid (cid2 / BR)
    threads 256
    tag X[r, c] = (row=r, col=c)
    tag S[r] = (row=r, col=range(0, C))
    s = zeros f32[BR]
    for ct in range(C / BC):
        x = load X[block.x * BR : +BR, min(ct, 1) * BC : +BC]
        s = s + sum(x, axis=1)
    store S[block.x * BR : +BR], s
