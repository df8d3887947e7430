# The running value is updated in every iteration, but only from constants (`l = l * 0.5 + 1.0`:
# the load is never added, a typo for `sum(x, axis=1)`): l holds no record, and the false
# claim on its rows (+ 7) holds over none. Y has no tag function.
kernel rowsum(X: f32[R, C], Y: f32[R]):
    assume R % 4 == 0 and C % 128 == 0
    const BR, BC = 4, 128
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    l = zeros f32[BR]
    for ct in range(C / BC):
        x = load X[block.x * BR : +BR, ct * BC : +BC]
        s = sum(x, axis=1)
        l = l * 0.5 + 1.0
    assert tag(l[i]).row == block.x * BR + i + 7
    store Y[block.x * BR : +BR], l
