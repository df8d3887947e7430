# sum over the row of (x - rowmax(x)), rowmax computed inside the re-mask; x filled 0.0
# (not -inf), so with negative data the max is 0.0 from the padding.
kernel c03_nested_max_fill0(X: f32[R, 200], Y: f32[R]):
    assume R % 4 == 0
    const BR, BC = 4, 256
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r)
    x = load X[block.x * BR : +BR, 0 : +BC] masked(fill=0.0)
    d = mask(x - bcast(max(x, axis=1), axis=1, n=BC), index(x, axis=1) < 200, fill=0.0)
    s = sum(d, axis=1)
    store Y[block.x * BR : +BR], s
