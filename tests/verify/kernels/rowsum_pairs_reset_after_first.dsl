# The pair sums of rowsum_pairs_reset_even with the reset under `ct % 2 == 0 and ct > 0`:
# the first pair needs none, the initialisation before the loop is its own. The store of
# pair p sees the reset at tile 2p for p >= 1, and the one before the loop for p = 0.
kernel rowsum_pairs_reset_after_first(X: f32[R, C], Y: f32[R, P]):
    assume R % 4 == 0 and C == P * 128 and P >= 1
    grid (R / 4)
    threads 64
    tag X[r, c] = (row=r, col=c)
    tag Y[r, p] = (row=r, col=range(p * 128, p * 128 + 128))
    acc = zeros f32[4]
    for ct in range(C / 64):
        if ct % 2 == 0 and ct > 0:
            acc = zeros f32[4]
        x = load X[block.x * 4 : +4, ct * 64 : +64]
        acc = acc + sum(x, axis=1)
        if ct % 2 == 1:
            store Y[block.x * 4 : +4, ct / 2], acc
