# The causal fill with the mask one column short: the diagonal, which the tag function says
# holds S's element, is stored as the -inf fill.
kernel causal_fill_diag(S: f32[T, T], P: f32[T, T]):
    assume T % 32 == 0
    grid (T / 32, T / 32)
    threads 128
    tag S[i, j] = (row=i, col=j)
    tag P[i, j] = (row=i, col=j) if j <= i else -inf
    s = load S[block.x * 32 : +32, block.y * 32 : +32]
    p = mask(s, block.y * 32 + index(s, axis=1) < block.x * 32 + index(s, axis=0), fill=-inf)
    store P[block.x * 32 : +32, block.y * 32 : +32], p  #! error[TAG]
