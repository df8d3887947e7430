# A padding becomes (0+16777217)-16777216-1 = -1 (f32) but pad walk f64 says 0: C off by -sum B[24:32]
kernel m08_bug_mma_a_pad_round(A: f16[M, 24], B: f16[32, 32], C: f32[M, 32]):
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
    a2 = cast(where(index(a, axis=1) < 24, cast(a, f32), (cast(a, f32) + 16777217.0) - 16777216.0 - 1.0), f16)
    b = b0
    a = a2
    acc = mma(a, b, z)
    store C[block.x * 32 : +32, 0 : +32], acc
