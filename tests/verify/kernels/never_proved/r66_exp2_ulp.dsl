# exp2(1.1) in f32 (the simulator's np.exp2 on float32; ex2.approx on a GPU) is 2.1435468; folded as f32(exp2 in f64) = 2.1435471
kernel k_a16_bug_exp2_ulp(S: f32[T, T], P: f32[T, T]):
    assume T % 32 == 0
    grid (T / 32, T / 32)
    threads 128
    tag S[i, j] = (row=i, col=j)
    tag P[i, j] = (row=i, col=j) if j <= i
    s = load S[block.x * 32 : +32, block.y * 32 : +32]
    so = s
    z = zeros f32[32, 32]
    c = (exp2(z + 1.100000023841858) - 2.1435470581054688) * 1e30
    p = where(block.y * 32 + index(s, axis=1) <= block.x * 32 + index(s, axis=0), so, c)
    store P[block.x * 32 : +32, block.y * 32 : +32], p
