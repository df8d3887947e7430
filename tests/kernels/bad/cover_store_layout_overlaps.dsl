# A store whose layout gives two threads the same elements: (128, 32):(16, 1) puts thread
# t's 32 values at 16 t .. 16 t + 31, so half the tile is written twice and elements past
# 16 * 127 + 31 by no thread. COVER names such an element (it was unknown: "gives one element
# to several threads", issue 17); the layout (128, 32):(32, 1) is correct.
kernel store_layout_overlaps(X: f32[M, N], Y: f32[M, N]):
    assume M % 64 == 0 and N % 64 == 0
    const BM, BN = 64, 64
    grid (M / BM, N / BN)
    threads 128
    tag X[i, j] = (row=i, col=j)
    tag Y[i, j] = (row=i, col=j)
    x = load X[block.x * BM : +BM, block.y * BN : +BN]
    store Y[block.x * BM : +BM, block.y * BN : +BN], x layout (128, 32):(16, 1)  #! error[COVER]
