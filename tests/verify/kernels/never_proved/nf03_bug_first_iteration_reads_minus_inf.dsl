# Y[r] = sum over column tiles of X * m, m the running max of the tiles before: the first tile
# reads m = -inf (its initial value), and the padding of X (0.0) times -inf is NaN.
kernel nf03_bug_first_iteration_reads_minus_inf(X: f32[R, N], Y: f32[R]):
    assume R % 4 == 0 and N >= 1
    const BR, BC = 4, 32
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r)
    z = zeros f32[BR, BC]
    m = max(z, axis=1) - inf
    acc = sum(z, axis=1)
    for ct in range((N + BC - 1) / BC):
        x = load X[block.x * BR : +BR, ct * BC : +BC] masked(fill=0.0)
        t = x * bcast(m, axis=1, n=BC)
        acc = acc + sum(t, axis=1)
        m = maximum(m, sum(x, axis=1))
    store Y[block.x * BR : +BR], acc
