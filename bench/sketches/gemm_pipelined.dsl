# proofs/gemm_pipelined.dsl with its tile sizes and pipeline depth opened, for argus tune
# (tests/synth/test_tune.py, bench/tune.py; not under tests/kernels/, whose files must check as kernels). Swizzles and the warp grid stay as in the proof.
kernel gemm_pipelined(A: f16[M, K], B: f16[K, N], C: f32[M, N]):
    assume M % BM == 0 and N % BN == 0 and K % BK == 0 and K >= BK
    const BM, BN, BK, S = ??{64, 128, 256}, ??{64, 128, 256}, ??{16, 32, 64}, ??{2, 3, 4}
    grid (M / BM, N / BN)
    threads 256
    tag A[i, k] = (row=i, k=k)
    tag B[k, j] = (k=k, col=j)
    tag C[i, j] = (row=i, col=j)
    sA = shared f16[S, BM, BK] swizzle(2, 3, 3)
    sB = shared f16[S, BK, BN] swizzle(3, 3, 4)
    acc = zeros f32[BM, BN] layout mma_m16n8k16(warps=(2, 4))
    for p in range(S - 1):
        if p < K / BK:
            copy_async sA[p, 0 : +BM, 0 : +BK], A[block.x * BM : +BM, p * BK : +BK] layout copy(vec=8)
            copy_async sB[p, 0 : +BK, 0 : +BN], B[p * BK : +BK, block.y * BN : +BN] layout copy(vec=8)
        commit
    for kt in range(K / BK):
        wait_group S - 2
        barrier
        a = load sA[kt % S, 0 : +BM, 0 : +BK]
        b = load sB[kt % S, 0 : +BK, 0 : +BN]
        assert tag(a[i, kk]).k == tag(b[kk, j]).k
        acc = mma(a, b, acc)
        barrier
        if kt + S - 1 < K / BK:
            copy_async sA[(kt + S - 1) % S, 0 : +BM, 0 : +BK], A[block.x * BM : +BM, (kt + S - 1) * BK : +BK] layout copy(vec=8)
            copy_async sB[(kt + S - 1) % S, 0 : +BK, 0 : +BN], B[(kt + S - 1) * BK : +BK, block.y * BN : +BN] layout copy(vec=8)
        commit
    assert tag(acc[i, j]).row == block.x * BM + i and tag(acc[i, j]).col == block.y * BN + j
    assert tag(acc[i, j]).k == range(0, K)
    store C[block.x * BM : +BM, block.y * BN : +BN], acc
