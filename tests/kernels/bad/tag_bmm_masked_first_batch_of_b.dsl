# proofs/bmm_masked.dsl reading B's first batch for every batch: each A[z] meets B[0].
kernel bmm_masked(A: f16[Bt, M, K], B: f16[Bt, K, N], C: f32[Bt, M, N]):
    assume M >= 1 and N >= 1 and K >= 1
    const BM, BN, BK = 32, 32, 16
    grid ((M + BM - 1) / BM, (N + BN - 1) / BN, Bt)
    threads 128
    tag A[z, i, k] = (batch=z, row=i, k=k)
    tag B[z, k, j] = (batch=z, k=k, col=j)
    tag C[z, i, j] = (batch=z, row=i, col=j, k=range(0, K))
    sA = shared f16[BM, BK]
    sB = shared f16[BK, BN]
    acc = zeros f32[BM, BN]
    for kt in range((K + BK - 1) / BK):
        copy sA[0 : +BM, 0 : +BK], A[block.z, block.x * BM : +BM, kt * BK : +BK] masked(fill=0.0)
        copy sB[0 : +BK, 0 : +BN], B[0, kt * BK : +BK, block.y * BN : +BN] masked(fill=0.0)
        barrier
        a = load sA[0 : +BM, 0 : +BK]
        b = load sB[0 : +BK, 0 : +BN]
        assert tag(a[i, kk]).k == tag(b[kk, j]).k and tag(a[i, kk]).batch == tag(b[kk, j]).batch  #! error[TAG]
        acc = mma(a, b, acc)
        barrier
    store C[block.z, block.x * BM : +BM, block.y * BN : +BN], acc masked  #! error[TAG]
