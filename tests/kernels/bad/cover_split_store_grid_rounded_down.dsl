# Buggy sibling of tests/verify/kernels/split_store_masked.dsl: the grid's second extent is
# rounded down, so the columns past the last whole tile are never stored (COVER, with the
# element no store reaches).
kernel split_store_grid_rounded_down(X: f32[M, N], Y: f32[M, N]):
    assume M >= 1 and N >= 1
    const BM, BN = 64, 128
    grid ((M + BM - 1) / BM, N / BN)
    threads 128
    tag X[i, j] = (row=i, col=j)
    tag Y[i, j] = (row=i, col=j)
    x0 = load X[block.x * BM : +BM, block.y * BN : +BN / 2] masked(fill=0.0)
    x1 = load X[block.x * BM : +BM, block.y * BN + BN / 2 : +BN / 2] masked(fill=0.0)
    store Y[block.x * BM : +BM, block.y * BN : +BN / 2], x0 masked  #! error[COVER]
    store Y[block.x * BM : +BM, block.y * BN + BN / 2 : +BN / 2], x1 masked
