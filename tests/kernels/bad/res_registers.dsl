# A 128 x 128 fp32 accumulator over only 32 threads: 512 values per thread, far more
# than the 255 registers a thread may have.
kernel fat_threads(A: f32[M, K], B: f32[K, N], C: f32[M, N]):
    assume M % 128 == 0 and N % 128 == 0
    const BM, BN = 128, 128
    grid (M / BM, N / BN)
    threads 32
    tag A[i, k] = (row=i, k=k)
    tag B[k, j] = (k=k, col=j)
    acc = zeros f32[BM, BN]  #! error[RES]
    for k in range(K):
        a = load A[block.x * BM : +BM, k : +1]
        b = load B[k : +1, block.y * BN : +BN]
        acc = mma(a, b, acc)
    store C[block.x * BM : +BM, block.y * BN : +BN], acc
