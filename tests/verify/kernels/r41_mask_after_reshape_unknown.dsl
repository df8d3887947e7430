# Held-out round 41: a column tail (fill 7.0) re-masked after a reshape, then summed: correct.
# The reshape loses where the padding lies, so whether the mask replaced it is not known: the
# verdict is unknown, not a TAG finding (it was refuted, 'not reproduced').
kernel k(X: f32[R, C], Y: f32[R]):
    assume R % 4 == 0 and C >= 1 and C <= 64
    grid R / 4
    threads 64
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r, col=range(0, C))
    x = load X[block.x * 4 : +4, 0 : +64] masked(fill=7.0)
    f = reshape(x, shape=(256))
    g = mask(f, index(f, axis=0) % 64 < C, fill=0.0)
    h = reshape(g, shape=(4, 64))
    y = sum(h, axis=1)
    store Y[block.x * 4 : +4], y
