# Held-out round 58: Y = X where the bool KEEP holds, zeros elsewhere; the tag condition reads KEEP. (refuted before: an input's value outside its type, or a condition not followed)
kernel bool_keep(X: f32[M, N], KEEP: bool[M, N], Y: f32[M, N]):
    assume M % 16 == 0 and N % 64 == 0
    const BM, BN = 16, 64
    grid (M / BM, N / BN)
    threads 128
    tag X[i, j] = (row=i, col=j)
    tag Y[i, j] = (row=i, col=j) if KEEP[i, j] == 1
    x = load X[block.x * BM : +BM, block.y * BN : +BN]
    k = load KEEP[block.x * BM : +BM, block.y * BN : +BN]
    y = where(k == 1, x, 0.0)
    store Y[block.x * BM : +BM, block.y * BN : +BN], y
