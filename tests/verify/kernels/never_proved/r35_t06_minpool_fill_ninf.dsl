kernel t06_minpool_fill_ninf(X: f32[H, W], Y: f32[H, W]):
    assume H >= 1 and W >= 1
    const BM, BN, HM, HN = 16, 32, 18, 34
    grid ((H + BM - 1) / BM, (W + BN - 1) / BN)
    threads 256
    tag X[i, j] = (row=i, col=j)
    s = shared f32[HM, HN]
    copy s[0 : +HM, 0 : +HN], X[block.x * BM - 1 : +HM, block.y * BN - 1 : +HN] masked(fill=-inf)
    barrier
    m = load s[0 : +BM, 0 : +BN]
    for dy in range(3):
        for dx in range(3):
            x = load s[dy : +BM, dx : +BN]
            m = minimum(m, x)
    store Y[block.x * BM : +BM, block.y * BN : +BN], m masked
