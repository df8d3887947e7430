# z * (L[block.x] - 8) is -0.0: L's elements are in [0, 8) on the simulator
kernel k_a05_bug_negzero_input_elem(S: f32[T, T], L: i32[T], P: f32[T, T]):
    assume T % 32 == 0
    grid (T / 32, T / 32)
    threads 128
    tag S[i, j] = (row=i, col=j)
    tag P[i, j] = (row=i, col=j) if j <= i else inf
    s = load S[block.x * 32 : +32, block.y * 32 : +32]
    so = s
    z = zeros f32[32, 32]
    w = z * (L[block.x] - 8)
    c = 1.0 / w
    p = where(block.y * 32 + index(s, axis=1) <= block.x * 32 + index(s, axis=0), so, c)
    store P[block.x * 32 : +32, block.y * 32 : +32], p
