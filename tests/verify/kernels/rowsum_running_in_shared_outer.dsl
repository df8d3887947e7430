# The running row sum kept in shared memory inside a loop over the block's row tiles, reset
# at the start of each: the load of the first column tile finds the reset of the same row tile,
# never what the previous row tile's loop stored. Proved.
kernel rowsum_running_in_shared_outer(X: f32[R, C], Y: f32[R]):
    assume R % 16 == 0 and C % 64 == 0 and C >= 64
    const BR, BC = 4, 64
    grid (R / 16)
    threads 256
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r, col=range(0, C))
    sacc = shared f32[BR, BC]
    z = zeros f32[BR, BC]
    for rt in range(4):
        store sacc[0 : +BR, 0 : +BC], z
        for ct in range(C / BC):
            x = load X[block.x * 16 + rt * BR : +BR, ct * BC : +BC]
            s = load sacc[0 : +BR, 0 : +BC]
            s2 = s + x
            store sacc[0 : +BR, 0 : +BC], s2
        barrier
        t = load sacc[0 : +BR, 0 : +BC]
        y = sum(t, axis=1)
        assert tag(y[i]).row == block.x * 16 + rt * BR + i
        store Y[block.x * 16 + rt * BR : +BR], y
        barrier
