# Column sums of rows centred by their mean (sizes are positive): the rows past R of the masked
# load are 0.0, their sum 0.0 and 0.0 / R is 0.0, neutral to the column sum (a division by a size
# the assumptions keep >= 1; its sibling never_proved/r32_centred_colsum_by_r_minus_1.dsl is not).
kernel centred_colsum(X: f32[R, 128], Y: f32[128]):
    assume R >= 1 and R <= 4
    grid 1
    threads 128
    tag X[r, c] = (row=r, col=c)
    x = load X[0 : +4, 0 : +128] masked(fill=0.0)
    m = sum(x, axis=1) / R
    d = x - bcast(m, axis=1, n=128)
    y = sum(d, axis=0)
    store Y[0 : +128], y
