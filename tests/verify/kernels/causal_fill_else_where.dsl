# Causal masking as a `where` against -inf built from a zeros tile: `z - inf` is -inf at every
# element, so the constants stored where the tag function's condition fails are all -inf.
kernel causal_fill_else_where(S: f32[T, T], P: f32[T, T]):
    assume T % 32 == 0
    grid (T / 32, T / 32)
    threads 128
    tag S[i, j] = (row=i, col=j)
    tag P[i, j] = (row=i, col=j) if j <= i else -inf
    s = load S[block.x * 32 : +32, block.y * 32 : +32]
    z = zeros f32[32, 32]
    ninf = z - inf
    p = where(block.y * 32 + index(s, axis=1) <= block.x * 32 + index(s, axis=0), s, ninf)
    store P[block.x * 32 : +32, block.y * 32 : +32], p
