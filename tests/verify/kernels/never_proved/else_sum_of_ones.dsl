# A sum of two ones (2.0) where the tag function says 1.0: a sum of constants is not the constant.
kernel k(S: f32[T, T], P: f32[T, T]):
    assume T % 32 == 0
    grid (T / 32, T / 32)
    threads 128
    tag S[i, j] = (row=i, col=j)
    tag P[i, j] = (row=i, col=j) if j <= i else 1.0
    s = load S[block.x * 32 : +32, block.y * 32 : +32]
    z = zeros f32[32, 32, 2]
    o = sum(z + 1.0, axis=2)
    p = where(block.y * 32 + index(s, axis=1) <= block.x * 32 + index(s, axis=0), s, o)
    store P[block.x * 32 : +32, block.y * 32 : +32], p
