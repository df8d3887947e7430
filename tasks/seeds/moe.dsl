# Naive MoE grouped-GEMM seed: Y[r, :] = X[r, :] @ W[e(r)] for tokens sorted by expert,
# each 16-row tile routed to one expert (tile_expert); k one step at a time from global.
kernel moe(X: f32[T, H], W: f32[E, H, F], route: i32[T], tile_expert: i32[NT], Y: f32[T, F]):
    assume T % 16 == 0 and NT * 16 == T and H >= 1 and F % 16 == 0 and E >= 1
    assume route[r] == tile_expert[r / 16]
    assume tile_expert[b] >= 0 and tile_expert[b] < E
    const BM, BN = 16, 16
    grid (T / BM, F / BN)
    threads 256
    tag X[r, h] = (token=r, expert=route[r], h=h)
    tag W[e, h, f] = (expert=e, h=h, col=f)
    tag Y[r, f] = (token=r, col=f)
    acc = zeros f32[BM, BN]
    for h in range(H):
        x = load X[block.x * BM : +BM, h : +1]
        w = load W[tile_expert[block.x], h : +1, block.y * BN : +BN]
        assert tag(x[i, 0]).expert == tag(w[0, j]).expert and tag(x[i, 0]).h == tag(w[0, j]).h
        acc = mma(x, w, acc)
    assert tag(acc[i, j]).h == range(0, H)
    store Y[block.x * BM : +BM, block.y * BN : +BN], acc
