# Row sums of a softmax stored into a buffer longer than R: the rows past R get the sum of
# a padded row (NaN) where the tag function says zeros.
kernel r27_bad_softmax_row_tail_sums_past_r(X: f32[R, C], W: f32[RP]):
    assume R >= 1 and C >= 1 and C <= 512 and RP >= R + 4 and RP % 4 == 0
    const BR, BC = 4, 512
    grid RP / BR
    threads 256
    tag X[r, c] = (row=r, col=c)
    tag W[r] = (row=r) if r < R
    x = load X[block.x * BR : +BR, 0 : +BC] masked(fill=-inf)
    m = max(x, axis=1)
    p = exp(x - bcast(m, axis=1, n=BC))
    l = sum(p, axis=1)
    store W[block.x * BR : +BR], l
