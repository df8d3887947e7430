# The update of the running sum sits under `if ct >= C / BC:`, false in every iteration: l is
# never updated, the kernel writes zeros. The false claim (+ 7) on l's rows holds over no record.
kernel rowsum(X: f32[R, C], Y: f32[R]):
    assume R % 4 == 0 and C % 128 == 0
    const BR, BC = 4, 128
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    l = zeros f32[BR]
    for ct in range(C / BC):
        x = load X[block.x * BR : +BR, ct * BC : +BC]
        if ct >= C / BC:
            l = l + sum(x, axis=1)
    assert tag(l[i]).row == block.x * BR + i + 7
    store Y[block.x * BR : +BR], l
