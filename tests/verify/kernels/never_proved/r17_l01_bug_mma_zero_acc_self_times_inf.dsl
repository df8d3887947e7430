# g = zeros; g = g + a; g = g * hinf (inf past k=24) in place: padding (0+0)*inf = NaN into the mma
kernel l01_bug_mma_zero_acc_self_times_inf(A: f16[M, 24], B: f16[32, 32], C: f32[M, 32]):
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
    ri = cast(index(zb, axis=0), f16)
    g = zeros f16[32, 32]
    hinf = where(index(a, axis=1) < 24, ob, zb + inf)
    g = g + a
    g = g * hinf
    acc = mma(g, b0, z)
    store C[block.x * 32 : +32, 0 : +32], acc
