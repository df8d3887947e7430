# Register-blocked GEMM without the barrier between filling the shared tiles and reading
# them: a thread reads a column of sA that other threads copied, with nothing in between.
kernel gemm_regblock(A: f32[M, K], B: f32[K, N], C: f32[M, N]):
    assume M % 64 == 0 and N % 64 == 0 and K % 8 == 0 and K >= 8
    const BM, BN, BK = 64, 64, 8
    grid (M / BM, N / BN)
    threads 64
    tag A[i, k] = (row=i, k=k)
    tag B[k, j] = (k=k, col=j)
    tag C[i, j] = (row=i, col=j)
    sA = shared f32[BM, BK]
    sB = shared f32[BK, BN]
    # thread t owns rows 8*(t / 8) .. +8 and columns 8*(t % 8) .. +8
    acc = zeros f32[BM, BN] layout ((8, 8), (8, 8)):((8, 512), (1, 64))
    for t in range(K / BK):
        copy sA[0 : +BM, 0 : +BK], A[block.x * BM : +BM, t * BK : +BK]
        copy sB[0 : +BK, 0 : +BN], B[t * BK : +BK, block.y * BN : +BN]
        for kk in range(BK):
            a = load sA[0 : +BM, kk : +1]  
            b = load sB[kk : +1, 0 : +BN]
            assert tag(a[i, 0]).k == tag(b[0, j]).k
            acc = mma(a, b, acc)
        barrier
    assert tag(acc[i, j]).k == range(0, K)
    store C[block.x * BM : +BM, block.y * BN : +BN], acc
