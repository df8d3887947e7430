# Buggy sibling of tests/verify/kernels/rowsum_running_in_shared.dsl: the loop starts at the
# second column tile, so the running sum kept in shared memory never holds the first (at C = 64
# it holds none): the store misses columns its output's range(0, C) claims.
kernel rowsum_in_shared_skips_first_tile(X: f32[R, C], Y: f32[R]):
    assume R % 4 == 0 and C % 64 == 0 and C >= 64
    const BR, BC = 4, 64
    grid (R / BR)
    threads 256
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r, col=range(0, C))
    sacc = shared f32[BR, BC]
    z = zeros f32[BR, BC]
    store sacc[0 : +BR, 0 : +BC], z
    for ct in range(1, C / BC):
        x = load X[block.x * BR : +BR, ct * BC : +BC]
        s = load sacc[0 : +BR, 0 : +BC]
        s2 = s + x
        store sacc[0 : +BR, 0 : +BC], s2
    barrier
    t = load sacc[0 : +BR, 0 : +BC]
    y = sum(t, axis=1)
    assert tag(y[i]).row == block.x * BR + i
    store Y[block.x * BR : +BR], y  #! error[TAG]
