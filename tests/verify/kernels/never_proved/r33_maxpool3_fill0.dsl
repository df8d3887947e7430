# 3x3 max pooling, stride 1, padding 1 (padding never wins): Y[i, j] = max of X over the 3x3 window; any H, W.
kernel maxpool3(X: f32[H, W], Y: f32[H, W]):
    assume H >= 1 and W >= 1
    const BM, BN, HM, HN = 16, 32, 18, 34
    grid ((H + BM - 1) / BM, (W + BN - 1) / BN)
    threads 256
    tag X[i, j] = (row=i, col=j)
    s = shared f32[HM, HN]
    copy s[0 : +HM, 0 : +HN], X[block.x * BM - 1 : +HM, block.y * BN - 1 : +HN] masked(fill=0.0)
    barrier
    m = load s[0 : +BM, 0 : +BN]
    for dy in range(3):
        for dx in range(3):
            x = load s[dy : +BM, dx : +BN]
            assert tag(x[i, j]).row == block.x * BM + i + dy - 1 or block.x * BM + i + dy - 1 < 0 or block.x * BM + i + dy - 1 >= H
            assert tag(x[i, j]).col == block.y * BN + j + dx - 1 or block.y * BN + j + dx - 1 < 0 or block.y * BN + j + dx - 1 >= W
            m = maximum(m, x)
    store Y[block.x * BM : +BM, block.y * BN : +BN], m masked
