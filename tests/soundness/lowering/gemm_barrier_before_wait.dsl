# The barrier before the wait: each thread then loads only what its own copies brought, which
# its own wait_group makes visible to it (the program proves), but the copies of the other
# threads land at their waits, after the barrier: a forwarded read of them would race
# (found by bench/mutation.py's moved_barrier kind on proofs/gemm_masked.dsl).
kernel gemm_barrier_before_wait(A: f16[M, K], B: f16[K, N], C: f32[M, N]):
    assume M >= 1 and N >= 1 and K >= 1
    const BM, BN, BK = 32, 32, 16
    grid ((M + BM - 1) / BM, (N + BN - 1) / BN)
    threads 128
    tag A[i, k] = (row=i, k=k)
    tag B[k, j] = (k=k, col=j)
    tag C[i, j] = (row=i, col=j, k=range(0, K))
    sA = shared f16[BM, BK]
    sB = shared f16[BK, BN]
    acc = zeros f32[BM, BN]
    for kt in range((K + BK - 1) / BK):
        copy_async sA[0 : +BM, 0 : +BK], A[block.x * BM : +BM, kt * BK : +BK] masked(fill=0.0)
        copy_async sB[0 : +BK, 0 : +BN], B[kt * BK : +BK, block.y * BN : +BN] masked(fill=0.0)
        commit
        barrier
        wait_group 0
        a = load sA[0 : +BM, 0 : +BK]
        b = load sB[0 : +BK, 0 : +BN]
        assert tag(a[i, kk]).k == tag(b[kk, j]).k
        acc = mma(a, b, acc)
        barrier
    store C[block.x * BM : +BM, block.y * BN : +BN], acc masked
