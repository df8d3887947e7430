# Held-out round 128 (buggy, was proved): both k loops one tile short; the accumulator's claim sits under `if thread.warp == 4`, the TMA producer warp, which holds none of it.
# Warp-specialized Hopper GEMM: C = A @ B, f16 operands, f32 accumulator.
# Warp 4's lane 0 streams BK-wide k tiles of A and B through an S-slot ring of 128B-swizzled
# shared tiles with bulk copies that complete on the slot's `full` mbarrier; warpgroup 0
# (warps 0-3) waits on `full`, runs wgmma on the slot (four m64n64k16 instructions), retires
# it with wgmma_wait and hands the slot back on `empty`. No block barrier orders the roles.
kernel ws_gemm_wgmma(A: f16[M, K], B: f16[K, N], C: f32[M, N]):
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
    acc = zeros f32[BM, BN] layout wgmma_m64nNk16(warpgroups=1)
    if thread.warp == 4:
        if thread.lane == 0:
            for k in range(K / BK - 1):
                wait empty[k % S], (k / S + 1) % 2
                expect_tx full[k % S], 16384
                tma_load sA[k % S], A[block.x * BM : +BM, k * BK : +BK], full[k % S]
                tma_load sB[k % S], B[k * BK : +BK, block.y * BN : +BN], full[k % S]
    else:
        for k in range(K / BK - 1):
            wait full[k % S], (k / S) % 2
            acc = wgmma(sA[k % S], sB[k % S], acc)
            wgmma_commit
            wgmma_wait 0
            arrive empty[k % S]
        store C[block.x * BM : +BM, block.y * BN : +BN], acc
    if thread.warp == 4:
        assert tag(acc[i, j]).k == range(0, K)
