kernel g01_bug_splitk_drop_first_tile(A: f32[M, K], B: f32[K, N], C: f32[M, N]):
    assume M % 32 == 0 and N % 32 == 0 and K % 16 == 0 and K >= 16
    const BM, BN, BK = 32, 32, 16
    grid (M / BM, N / BN)
    threads 256
    tag A[i, k] = (row=i, k=k)
    tag B[k, j] = (k=k, col=j)
    tag C[i, j] = (row=i, col=j, k=range(0, K))
    sA = shared f32[BM, BK]
    sB = shared f32[BK, BN]
    acc = zeros f32[BM, BN]
    z = zeros f32[BM, BN]
    for kt in range(K / BK):
        copy sA[0 : +BM, 0 : +BK], A[block.x * BM : +BM, kt * BK : +BK]
        copy sB[0 : +BK, 0 : +BN], B[kt * BK : +BK, block.y * BN : +BN]
        barrier
        a = load sA[0 : +BM, 0 : +BK]
        b = load sB[0 : +BK, 0 : +BN]
        assert tag(a[i, kk]).k == tag(b[kk, j]).k
        part = mma(a, b, z)
        acc = acc + where(kt > 0, part, 0.0)
        barrier
    assert tag(acc[i, j]).k == range(0, K)
    store C[block.x * BM : +BM, block.y * BN : +BN], acc
