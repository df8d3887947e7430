# A masked store whose layout leaves half its tile to no thread: (128, 32):(1, 256) reaches
# 2048 of the 64 x 64 tile's elements. COVER names an element no thread writes (it was
# unknown: "leaves part of its tile to no thread", issue 17).
kernel store_layout_half_masked(X: f32[M, N], Y: f32[M, N]):
    assume M >= 1 and N >= 1
    const BM, BN = 64, 64
    grid ((M + BM - 1) / BM, (N + BN - 1) / BN)
    threads 128
    tag X[i, j] = (row=i, col=j)
    tag Y[i, j] = (row=i, col=j)
    x = load X[block.x * BM : +BM, block.y * BN : +BN] masked(fill=0.0)
    store Y[block.x * BM : +BM, block.y * BN : +BN], x masked layout (128, 32):(1, 256)  #! error[COVER]
