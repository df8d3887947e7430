# Row sums whose accumulator starts at 1.0 (held-out round 131): every output is the row's
# sum plus 1. A start computed from constants adds no tag record, so the kernel proves; START
# points at the start.
kernel row_sum(X: f32[R, C], Y: f32[R]):
    assume R % 4 == 0 and C % 64 == 0
    const BR, BC = 4, 64
    grid (R / BR)
    threads 64
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r, col=range(0, C))
    z = zeros f32[BR]
    s = z + 1.0
    for ct in range(C / BC):
        x = load X[block.x * BR : +BR, ct * BC : +BC]
        s = s + sum(x, axis=1)  #! warning[START]
    store Y[block.x * BR : +BR], s
