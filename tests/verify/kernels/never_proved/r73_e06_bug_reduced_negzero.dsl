# BUG: fill_parts.reduced takes a column all -0.0 padding (past C) summed over the rows as
# -0.0 * 4 = -0.0; the lowering sums from float32(0): +0.0. That "ties" the -0.0 start of the
# running max mx (fill_rule._under_start), but +0.0 wins over the negative column sums and
# the -0.0 start: 1.0 / mx is +inf where the data's max with the start (-0.0) gives -inf
kernel e06_bug(X: f32[R, C], S: f32[R]):
    assume R >= 1 and R % 4 == 0 and C >= 1 and C <= 64
    const BR, BC = 4, 64
    grid (R / BR)
    threads 64
    tag X[r, c] = (row=r, col=c)
    x = load X[block.x * BR : +BR, 0 : +BC] masked(fill=-0.0)
    t = sum(x, axis=0)
    u = bcast(t, axis=0, n=BR)
    za = zeros f32[BR]
    mx = za * -1.0
    mx = maximum(max(u, axis=1), mx)
    y = where(1.0 / mx > 0.0, 1.0, 2.0)
    store S[block.x * BR : +BR], y
