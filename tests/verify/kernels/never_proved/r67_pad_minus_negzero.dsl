# variant: m is padding -0.0 above the diagonal; w - m there is -0.0 - -0.0 = +0.0, the lattice says -0.0 (x - 0.0 taken as x)
kernel k_a06b(S: f32[T, T], P: f32[T, T]):
    assume T % 32 == 0
    grid (T / 32, T / 32)
    threads 128
    tag S[i, j] = (row=i, col=j)
    tag P[i, j] = (row=i, col=j) if j <= i else -inf
    s = load S[block.x * 32 : +32, block.y * 32 : +32]
    z = zeros f32[32, 32]
    m = mask(s, block.y * 32 + index(s, axis=1) <= block.x * 32 + index(s, axis=0), fill=-0.0)
    w = z * -1.0
    u = w - m
    c = 1.0 / u
    store P[block.x * 32 : +32, block.y * 32 : +32], c
