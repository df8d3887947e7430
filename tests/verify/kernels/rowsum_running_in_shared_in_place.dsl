# The running row sum kept in shared memory, updated in place in registers between its load
# and its store (s = s + x; store sacc, s): the same round trip as rowsum_running_in_shared.dsl.
kernel rowsum_running_in_shared_in_place(X: f32[R, C], Y: f32[R]):
    assume R % 4 == 0 and C % 64 == 0 and C >= 64
    const BR, BC = 4, 64
    grid (R / BR)
    threads 256
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r, col=range(0, C))
    sacc = shared f32[BR, BC]
    z = zeros f32[BR, BC]
    store sacc[0 : +BR, 0 : +BC], z
    for ct in range(C / BC):
        x = load X[block.x * BR : +BR, ct * BC : +BC]
        s = load sacc[0 : +BR, 0 : +BC]
        s = s + x
        store sacc[0 : +BR, 0 : +BC], s
    barrier
    t = load sacc[0 : +BR, 0 : +BC]
    y = sum(t, axis=1)
    assert tag(y[i]).row == block.x * BR + i
    store Y[block.x * BR : +BR], y
