# The first 40 columns shifted by -1 (a where with a branch of zeros: fresh padding past 40),
# then + 2.0, which makes the padding 2.0, so the tile is masked again with the same
# condition before its row sum. Where the where's padding lies is followed into the second
# mask (encode/fill_place.py); with `< 41` the mask keeps one padded column and the sum is
# refuted (tests/verify/test_verdicts.py).
kernel where_zeros_remask_sum(X: f32[R, 64], Y: f32[R]):
    assume R % 4 == 0
    grid (R / 4)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r, col=range(0, 40))
    x = load X[block.x * 4 : +4, 0 : +64]
    z = zeros f32[4, 64]
    s = where(index(x, axis=1) < 40, x - 1.0, z)
    t = s + 2.0
    u = mask(t, index(t, axis=1) < 40, fill=0.0)
    v = sum(u, axis=1)
    store Y[block.x * 4 : +4], v
