# Y = X on columns < 40, zeros after. The tail is z * (R * 1e38 * 1e38): a zero tile times a
# "scale" that overflows f32 (and f64) to inf, so 0.0 * inf = NaN is stored where Y holds zeros.
kernel b06_bug_size_overflow_times_zero(X: f32[R, 64], Y: f32[R, 64]):
    assume R % 4 == 0
    grid (R / 4)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r, col=c) if c < 40
    x = load X[block.x * 4 : +4, 0 : +64]
    z = zeros f32[4, 64]
    y = where(index(x, axis=1) < 40, x, z * (R * 1e300 * 1e300))
    store Y[block.x * 4 : +4, 0 : +64], y
