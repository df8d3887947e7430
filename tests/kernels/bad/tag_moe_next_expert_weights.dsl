# MoE grouped GEMM: Y[r, :] = X[r, :] @ W[e(r)] for tokens sorted by expert.
# The router's token rows are sorted by expert and each expert's group is padded to a
# multiple of BM rows, so every BM-row tile belongs to one expert, tile_expert[tile];
# route[r] is the expert row r was routed to. Optimizations: expert grouping (one weight
# matrix per tile, gathered by a data-dependent index), shared-memory tiling.
# Proved: every row is multiplied by the weights of the expert it was routed to, over the
# whole hidden dimension, and every result lands in its own row.
kernel moe_grouped_gemm(X: f32[T, H], W: f32[E, H, F], route: i32[T], tile_expert: i32[NT], Y: f32[T, F]):
    assume T % 64 == 0 and NT * 64 == T and H % 16 == 0 and H >= 16 and F % 64 == 0 and E >= 1
    assume route[r] == tile_expert[r / 64]
    assume tile_expert[b] >= 0 and tile_expert[b] < E
    const BM, BN, BK = 64, 64, 16
    grid (T / BM, F / BN)
    threads 256
    tag X[r, h] = (token=r, expert=route[r], h=h)
    tag W[e, h, f] = (expert=e, h=h, col=f)
    tag Y[r, f] = (token=r, col=f)
    sX = shared f32[BM, BK]
    sW = shared f32[BK, BN]
    acc = zeros f32[BM, BN]
    for kt in range(H / BK):
        copy sX[0 : +BM, 0 : +BK], X[block.x * BM : +BM, kt * BK : +BK]
        copy sW[0 : +BK, 0 : +BN], W[tile_expert[block.x] + 1, kt * BK : +BK, block.y * BN : +BN]
        barrier
        x = load sX[0 : +BM, 0 : +BK]
        w = load sW[0 : +BK, 0 : +BN]
        assert tag(x[i, kk]).expert == tag(w[kk, j]).expert and tag(x[i, kk]).h == tag(w[kk, j]).h  #! error[TAG]
        acc = mma(x, w, acc)
        barrier
    assert tag(acc[i, j]).h == range(0, H)
    store Y[block.x * BM : +BM, block.y * BN : +BN], acc
