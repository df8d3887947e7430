# B rows>=24 = 1.0: finite, correct
kernel m07_ok_mma_b_finite_tail(A: f16[M, 24], B: f16[32, 32], C: f32[M, 32]):
    assume M % 32 == 0
    grid (M / 32)
    threads 128
    tag A[i, k] = (row=i, k=k)
    tag B[k, j] = (k=k, col=j)
    tag C[i, j] = (row=i, col=j, k=range(0, 24))
    a = load A[block.x * 32 : +32, 0 : +32] masked(fill=0.0)
    b0 = load B[0 : +32, 0 : +32]
    zb = zeros f16[32, 32]
    ob = zb + 1.0
    z = zeros f32[32, 32]
    o = z + 1.0
    rb = cast(index(z, axis=0), f32)
    b = where(index(b0, axis=0) < 24, b0, ob)
    acc = mma(a, b, z)
    store C[block.x * 32 : +32, 0 : +32], acc
