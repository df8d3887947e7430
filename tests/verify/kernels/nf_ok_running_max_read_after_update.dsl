# Y[r] = sum over column tiles t of (sum of X's row r in t) * m_t[r], m_t the running max of the
# row sums up to and including tile t. m starts at -inf, but every read of it follows its update
# in the same tile, where the row holds data: maximum(-inf, a finite sum) is finite, so the
# padding of X (0.0) times m is 0.0 (nf03's sibling, which reads m before the update).
kernel nf_ok_running_max_read_after_update(X: f32[R, N], Y: f32[R]):
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
        m = maximum(m, sum(x, axis=1))
        t = x * bcast(m, axis=1, n=BC)
        acc = acc + sum(t, axis=1)
    store Y[block.x * BR : +BR], acc
