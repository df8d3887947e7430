# `zeros - 1.0` where the tag function says -inf: each constant is -1.0 (folded), not -inf.
kernel causal_zeros_minus_one(S: f32[T, T], P: f32[T, T]):
    assume T % 32 == 0
    grid (T / 32, T / 32)
    threads 128
    tag S[i, j] = (row=i, col=j)
    tag P[i, j] = (row=i, col=j) if j <= i else -inf
    s = load S[block.x * 32 : +32, block.y * 32 : +32]
    z = zeros f32[32, 32]
    ninf = z - 1.0
    p = where(block.y * 32 + index(s, axis=1) <= block.x * 32 + index(s, axis=0), s, ninf)
    store P[block.x * 32 : +32, block.y * 32 : +32], p
