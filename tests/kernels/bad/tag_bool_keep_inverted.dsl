# Held-out round 58 (integer inputs held in their type, elementwise min/max of integer tiles
# followed in conditions): BUG: k == 0 keeps the dropped elements (X where the tag function says zeros).
kernel bool_keep(X: f32[M, N], KEEP: bool[M, N], Y: f32[M, N]):
    assume M % 16 == 0 and N % 64 == 0
    const BM, BN = 16, 64
    grid (M / BM, N / BN)
    threads 128
    tag X[i, j] = (row=i, col=j)
    tag Y[i, j] = (row=i, col=j) if KEEP[i, j] == 1
    x = load X[block.x * BM : +BM, block.y * BN : +BN]
    k = load KEEP[block.x * BM : +BM, block.y * BN : +BN]
    y = where(k == 0, x, 0.0)
    store Y[block.x * BM : +BM, block.y * BN : +BN], y  #! error[TAG]
