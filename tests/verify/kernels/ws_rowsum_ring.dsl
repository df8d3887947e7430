# Warp-specialised row sums, Y[r] = sum_c X[r, c], through a three-slot ring of bulk copies:
# warp 4's lane 0 fills slot ct % S once the consumers freed it (its first pass over the
# ring waits for the phase before phase 0 of `empty`, which returns at once), and warps
# 0-3 wait for the slot's `full` phase, add its columns into their rows and free it.
kernel ws_rowsum_ring(X: f32[R, C], Y: f32[R]):
    assume R % BR == 0 and C % BC == 0 and C >= BC
    const BR, BC, S = 128, 16, 3
    grid (R / BR)
    threads 160
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r, col=range(0, C))
    sX = shared f32[S, BR, BC]
    full = mbarrier[S] count 1
    empty = mbarrier[S] count 128
    if thread.warp == 4:
        if thread.lane == 0:
            for ct in range(C / BC):
                wait empty[ct % S], (ct / S + 1) % 2
                expect_tx full[ct % S], 8192
                tma_load sX[ct % S], X[block.x * BR : +BR, ct * BC : +BC], full[ct % S]
    else:
        acc = zeros f32[BR] layout (128, 1):(1, 1)
        for ct in range(C / BC):
            wait full[ct % S], (ct / S) % 2
            x = load sX[ct % S] layout (128, 16):(16, 1)
            assert tag(x[i, j]).row == block.x * BR + i and tag(x[i, j]).col == ct * BC + j
            rs = sum(x, axis=1) layout (128, 1):(1, 1)
            acc = acc + rs
            arrive empty[ct % S]
        assert tag(acc[i]).row == block.x * BR + i
        store Y[block.x * BR : +BR], acc
