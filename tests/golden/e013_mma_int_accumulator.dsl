# An integer accumulator for f16 operands: an mma of floats sums into a float tile.
kernel gemm(A: f16[M, K], B: f16[K, N], C: i32[M, N]):
    assume M % 16 == 0 and N % 16 == 0 and K % 16 == 0
    grid (M / 16, N / 16)
    threads 64
    acc = zeros i32[16, 16]
    for kt in range(K / 16):
        a = load A[block.x * 16 : +16, kt * 16 : +16]
        b = load B[kt * 16 : +16, block.y * 16 : +16]
        acc = mma(a, b, acc)  #! error[E013]
    store C[block.x * 16 : +16, block.y * 16 : +16], acc
