kernel e21_where_loopvar(A: f32[M, 32], C: f32[M, 32]):
    assume M % 32 == 0
    grid (M / 32)
    threads 128
    acc = zeros f32[32, 32]
    for k in range(2):
        a = load A[block.x * 32 : +32, 0 : +32]
        acc = acc + where(index(a, axis=0) * 4611686018427387904 * 4 + k >= 1, a, 0.0)
    store C[block.x * 32 : +32, 0 : +32], acc
