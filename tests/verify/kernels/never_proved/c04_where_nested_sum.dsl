# c01 written with where(c, ..., zeros) as the re-mask.
kernel c04_where_nested_sum(X: f32[R, 200], Y: f32[R]):
    assume R % 4 == 0
    const BR, BC = 4, 256
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r)
    x = load X[block.x * BR : +BR, 0 : +BC] masked(fill=1.0)
    z = zeros f32[BR, BC]
    d = where(index(x, axis=1) < 200, x - bcast(sum(x, axis=1) / 200.0, axis=1, n=BC), z)
    var = sum(d * d, axis=1) / 200.0
    store Y[block.x * BR : +BR], var
