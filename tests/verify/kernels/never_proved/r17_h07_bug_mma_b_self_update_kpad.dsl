# b padded along k (rows past 24, fill 0) and a holds inf past 24 via a self-update: mma(a2, b)
kernel h07_bug_mma_b_self_update_kpad(A: f16[M, 24], B: f16[32, 32], C: f32[M, 32]):
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
    bb = load B[0 : +32, 0 : +32] masked(fill=0.0)
    g = where(index(a, axis=1) < 24, ob, zb + inf)
    g = g * a
    acc = mma(g, b0, z)
    store C[block.x * 32 : +32, 0 : +32], acc
