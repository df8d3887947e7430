# New-user round 53: acc = mma(a, b, z) in the k loop adds to the zero tile z, not to acc: only the
# last iteration's products reach the store (K >= 32 loses contributions).
kernel mma_overwrites_acc(A: f32[32, K], B: f32[K, 32], C: f32[32, 32]):
    assume K % 16 == 0
    grid (1)
    threads 128
    tag A[i, k] = (row=i, k=k)
    tag B[k, j] = (k=k, col=j)
    tag C[i, j] = (row=i, col=j, k=range(0, K))
    z = zeros f32[32, 32]
    acc = zeros f32[32, 32]
    for kt in range(K / 16):
        a = load A[0 : +32, kt * 16 : +16]
        b = load B[kt * 16 : +16, 0 : +32]
        acc = mma(a, b, z)
    store C[0 : +32, 0 : +32], acc  #! error[TAG]
