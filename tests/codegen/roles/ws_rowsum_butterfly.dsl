# Warp-specialised row sums: warp 4 streams 32 x 64 tiles of X through a two-slot ring of
# bulk copies; in warps 0-3 the four lanes 4r .. 4r + 3 hold row r (every fourth column),
# so each k-tile's row sum is a butterfly of two shuffles inside the role branch (no block
# barrier, which the branch could not have), and lane 4r keeps row r's running sum.
kernel ws_rowsum_butterfly(X: f32[M, K], S: f32[M]):
    assume M % BM == 0 and K % BK == 0 and K >= BK
    const BM, BK, NS = 32, 64, 2
    grid (M / BM)
    threads 160
    tag X[r, k] = (row=r, col=k)
    tag S[r] = (row=r, col=range(0, K))
    sX = shared f32[NS, BM, BK]
    full = mbarrier[NS] count 1
    empty = mbarrier[NS] count 128
    if thread.warp == 4:
        if thread.lane == 0:
            for k in range(K / BK):
                wait empty[k % NS], (k / NS + 1) % 2
                expect_tx full[k % NS], 8192
                tma_load sX[k % NS], X[block.x * BM : +BM, k * BK : +BK], full[k % NS]
    else:
        acc = zeros f32[BM] layout ((4, 32), 1):((32, 1), 0)
        for k in range(K / BK):
            wait full[k % NS], (k / NS) % 2
            x = load sX[k % NS] layout ((4, 32), 16):((1, 64), 4)
            assert tag(x[i, j]).row == block.x * BM + i and tag(x[i, j]).col == k * BK + j
            r = sum(x, axis=1) layout ((4, 32), 1):((32, 1), 0)
            acc = acc + r
            arrive empty[k % NS]
        store S[block.x * BM : +BM], acc layout ((4, 32), 1):((32, 1), 0)
