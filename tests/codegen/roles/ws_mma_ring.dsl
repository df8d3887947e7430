# A warp-specialised mma.sync GEMM: warp 4 streams A and B tiles through a two-slot ring of
# bulk copies on mbarriers; warps 0-3 load each slot with a layout over themselves, run the
# tensor-core mma and hand the slot back. The operands are read from the slot in place (the
# mbarrier epoch, codegen_cuda/mbar_forward.py) and the mma runs in a warp-uniform role.
kernel ws_mma_ring(A: f16[M, K], B: f16[K, N], C: f32[M, N]):
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
            acc = mma(a, b, acc)
            arrive empty[k % S]
        assert tag(acc[i, j]).row == block.x * BM + i and tag(acc[i, j]).col == block.y * BN + j
        assert tag(acc[i, j]).k == range(0, K)
        store C[block.x * BM : +BM, block.y * BN : +BN], acc
