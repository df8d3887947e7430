# Naive per-token MoE seed: Y[r, :] = X[r, :] @ W[route[r]], one token per block, its
# expert's weights gathered through route; k one step at a time from global. The tokens
# are sorted by expert and each expert's run is padded to a multiple of 16.
kernel moe_tokens(X: f32[T, H], W: f32[E, H, F], route: i32[T], Y: f32[T, F]):
    assume T % 16 == 0 and H >= 1 and F % 16 == 0 and E >= 1
    assume route[r] == route[r / 16 * 16]
    assume route[r] >= 0 and route[r] < E
    const BN = 16
    grid (T, F / BN)
    threads 16
    tag X[r, h] = (token=r, expert=route[r], h=h)
    tag W[e, h, f] = (expert=e, h=h, col=f)
    tag Y[r, f] = (token=r, col=f)
    acc = zeros f32[1, BN]
    for h in range(H):
        x = load X[block.x : +1, h : +1]
        w = load W[route[block.x], h : +1, block.y * BN : +BN]
        assert tag(x[i, 0]).expert == tag(w[0, j]).expert and tag(x[i, 0]).h == tag(w[0, j]).h
        acc = mma(x, w, acc)
    assert tag(acc[i, j]).h == range(0, H)
    store Y[block.x : +1, block.y * BN : +BN], acc
