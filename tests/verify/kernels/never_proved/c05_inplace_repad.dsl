# x loaded with fill 0.0 then x = x + 1.0 in place: the padding becomes 1.0 and reaches the sum.
kernel c05_inplace_repad(X: f32[R, 200], Y: f32[R]):
    assume R % 4 == 0
    const BR, BC = 4, 256
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r)
    x = load X[block.x * BR : +BR, 0 : +BC] masked(fill=0.0)
    x = x + 1.0
    s = sum(x, axis=1)
    store Y[block.x * BR : +BR], s
