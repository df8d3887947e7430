# tanh(1.0) folded as f32(tanh 1)
kernel k_a02_bug_tanh_one(S: f32[T, T], P: f32[T, T]):
    assume T % 32 == 0
    grid (T / 32, T / 32)
    threads 128
    tag S[i, j] = (row=i, col=j)
    tag P[i, j] = (row=i, col=j) if j <= i
    s = load S[block.x * 32 : +32, block.y * 32 : +32]
    so = s
    z = zeros f32[32, 32]
    c = (tanh(z + 1.0) - 0.7615941762924194) * 1e30
    p = where(block.y * 32 + index(s, axis=1) <= block.x * 32 + index(s, axis=0), so, c)
    store P[block.x * 32 : +32, block.y * 32 : +32], p
