# A copy of any M x N whose output is written by two masked stores, one per half of each
# block's column tile. COVER's query ("an element no store reaches") quantified over the
# blocks of both stores, which the solver did not instantiate (a timeout, issue 17); the
# block whose tile can hold the element is now named directly (encode/cover_masked.py).
kernel split_store_masked(X: f32[M, N], Y: f32[M, N]):
    assume M >= 1 and N >= 1
    const BM, BN = 64, 128
    grid ((M + BM - 1) / BM, (N + BN - 1) / BN)
    threads 128
    tag X[i, j] = (row=i, col=j)
    tag Y[i, j] = (row=i, col=j)
    x0 = load X[block.x * BM : +BM, block.y * BN : +BN / 2] masked(fill=0.0)
    x1 = load X[block.x * BM : +BM, block.y * BN + BN / 2 : +BN / 2] masked(fill=0.0)
    store Y[block.x * BM : +BM, block.y * BN : +BN / 2], x0 masked
    store Y[block.x * BM : +BM, block.y * BN + BN / 2 : +BN / 2], x1 masked
