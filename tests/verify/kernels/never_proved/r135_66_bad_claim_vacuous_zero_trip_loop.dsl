# A row sum whose column tile (BC = 128) is wider than any row the assumes allow (C = 64):
# the loop runs no iteration at any size, the kernel writes zeros. The claim on l's rows,
# written false (+ 7), holds over no record: it checks nothing (held-out round 135: proved).
kernel rowsum(X: f32[R, C], Y: f32[R]):
    assume R % 4 == 0 and C % 64 == 0 and C < 128
    const BR, BC = 4, 128
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    l = zeros f32[BR]
    for ct in range(C / BC):
        x = load X[block.x * BR : +BR, ct * BC : +BC]
        l = l + sum(x, axis=1)
    assert tag(l[i]).row == block.x * BR + i + 7
    store Y[block.x * BR : +BR], l
