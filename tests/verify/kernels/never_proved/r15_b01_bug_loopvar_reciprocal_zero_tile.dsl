# Y[r, c] = X[r, c] * (it + 1) summed over NIT iterations for c < 40, zeros for c >= 40 (tag
# condition). The cleared part is written as z * (1.0 / it), "a zero tile times a scale", but at
# it = 0 the scale is 1.0 / 0 = inf and 0.0 * inf is NaN: NaN is stored where Y holds zeros.
kernel b01_bug_loopvar_reciprocal_zero_tile(X: f32[R, 64], Y: f32[R, 64]):
    assume R % 4 == 0
    grid (R / 4)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r, col=c) if c < 40
    x = load X[block.x * 4 : +4, 0 : +64]
    z = zeros f32[4, 64]
    for it in range(1):
        y = where(index(x, axis=1) < 40, x, z * (1.0 / it))
        store Y[block.x * 4 : +4, 0 : +64], y
