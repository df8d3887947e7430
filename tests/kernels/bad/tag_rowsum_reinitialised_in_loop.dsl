# Row sums over column tiles with the accumulator zeroed again inside the loop that
# updates it: after the loop it holds only the last tile's columns (lost when C >= 2 tiles).
kernel rowsum(X: f32[R, C], Y: f32[R]):
    assume R % 4 == 0 and C % 128 == 0 and C >= 128
    const BR, BC = 4, 128
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r)
    acc = zeros f32[BR]
    for ct in range(C / BC):
        acc = zeros f32[BR]
        x = load X[block.x * BR : +BR, ct * BC : +BC]
        acc = acc + sum(x, axis=1)
    assert tag(acc[i]).col == range(0, C)  #! error[TAG]
    store Y[block.x * BR : +BR], acc
