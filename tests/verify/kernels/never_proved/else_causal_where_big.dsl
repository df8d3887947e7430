# The causal fill with -1e30 where the tag function says -inf (sibling of
# ../causal_fill_else_where.dsl): a finite stand-in is not the value promised.
kernel causal_where_big(S: f32[T, T], P: f32[T, T]):
    assume T % 32 == 0
    grid (T / 32, T / 32)
    threads 128
    tag S[i, j] = (row=i, col=j)
    tag P[i, j] = (row=i, col=j) if j <= i else -inf
    s = load S[block.x * 32 : +32, block.y * 32 : +32]
    p = where(block.y * 32 + index(s, axis=1) <= block.x * 32 + index(s, axis=0), s, -1e30)
    store P[block.x * 32 : +32, block.y * 32 : +32], p
