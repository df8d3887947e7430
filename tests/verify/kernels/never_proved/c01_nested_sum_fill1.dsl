# Row variance with the row mean computed INSIDE the re-mask expression.
# x is loaded with fill=1.0, so sum(x) counts 56 padding ones: the mean is wrong.
kernel c01_nested_sum_fill1(X: f32[R, 200], Y: f32[R]):
    assume R % 4 == 0
    const BR, BC = 4, 256
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r)
    x = load X[block.x * BR : +BR, 0 : +BC] masked(fill=1.0)
    d = mask(x - bcast(sum(x, axis=1) / 200.0, axis=1, n=BC), index(x, axis=1) < 200, fill=0.0)
    var = sum(d * d, axis=1) / 200.0
    assert covers(tag(var[i]).col, 0, 200)
    store Y[block.x * BR : +BR], var
