# Wrong sibling of r32_ok_centred_colsum.dsl: the mean over R - 1, which is 0 at R = 1: the rows
# past R hold 0.0 / 0.0, NaN, which the column sum adds (never proved).
kernel centred_colsum(X: f32[R, 128], Y: f32[128]):
    assume R >= 1 and R <= 4
    grid 1
    threads 128
    tag X[r, c] = (row=r, col=c)
    x = load X[0 : +4, 0 : +128] masked(fill=0.0)
    m = sum(x, axis=1) / (R - 1)
    d = x - bcast(m, axis=1, n=128)
    y = sum(d, axis=0)
    store Y[0 : +128], y
