# As ws_mma_ring with the slot handed back before the mma that reads it: each thread's own
# load precedes its arrive, so the kernel proves (each thread reads its registers), but the
# forwarded reads of the mma would race with the refill. The lowering must refuse.
kernel ws_mma_arrive_before_use(A: f16[M, K], B: f16[K, N], C: f32[M, N]):
    assume M % BM == 0 and N % BN == 0 and K % BK == 0 and K >= BK
    const BM, BN, BK, S = 64, 64, 64, 2
    grid (M / BM, N / BN)
    threads 160
    tag A[i, k] = (row=i, k=k)
    tag B[k, j] = (k=k, col=j)
    sA = shared f16[S, BM, BK] swizzle(3, 3, 3)
    sB = shared f16[S, BK, BN] swizzle(3, 3, 3)
    full = mbarrier[S] count 1
    empty = mbarrier[S] count 128
    if thread.warp == 4:
        if thread.lane == 0:
            for k in range(K / BK):
                wait empty[k % S], (k / S + 1) % 2
                expect_tx full[k % S], 16384
                tma_load sA[k % S], A[block.x * BM : +BM, k * BK : +BK], full[k % S]
                tma_load sB[k % S], B[k * BK : +BK, block.y * BN : +BN], full[k % S]
    else:
        acc = zeros f32[BM, BN] layout mma_m16n8k16(warps=(2, 2))
        for k in range(K / BK):
            wait full[k % S], (k / S) % 2
            a = load sA[k % S] layout (128, 32):(32, 1)
            b = load sB[k % S] layout (128, 32):(32, 1)
            arrive empty[k % S]
            acc = mma(a, b, acc)
        assert tag(acc[i, j]).row == block.x * BM + i and tag(acc[i, j]).col == block.y * BN + j
        assert tag(acc[i, j]).k == range(0, K)
        store C[block.x * BM : +BM, block.y * BN : +BN], acc
