# Per-tile row sums: the accumulator is zeroed at the top of each iteration and used inside
# it, which is correct; the assertion reads the current iteration's contributions.
kernel tilesums(X: f32[R, C], Y: f32[R, C]):
    assume R % 4 == 0 and C % 128 == 0 and C >= 128
    const BR, BC = 4, 128
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    acc = zeros f32[BR]
    for ct in range(C / BC):
        acc = zeros f32[BR]
        x = load X[block.x * BR : +BR, ct * BC : +BC]
        acc = acc + sum(x, axis=1)
        assert tag(acc[i]).col == range(ct * BC, ct * BC + BC) and tag(acc[i]).row == block.x * BR + i
        y = bcast(acc, axis=1, n=BC)
        store Y[block.x * BR : +BR, ct * BC : +BC], y
