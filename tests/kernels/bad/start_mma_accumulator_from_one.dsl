# A GEMM whose accumulator starts at 1.0 (held-out round 131): C = A @ B + 1. The mma's
# contributions are the right ones, so the tags hold; START points at the start.
kernel gemm_from_one(A: f16[M, K], B: f16[K, N], C: f32[M, N]):
    assume M % 16 == 0 and N % 16 == 0 and K % 16 == 0 and K >= 16
    grid (M / 16, N / 16)
    threads 32
    tag A[i, k] = (row=i, k=k)
    tag B[k, j] = (k=k, col=j)
    tag C[i, j] = (row=i, col=j, k=range(0, K))
    z = zeros f32[16, 16] layout mma_m16n8k16(warps=(1, 1))
    acc = z + 1.0
    for kt in range(K / 16):
        a = load A[block.x * 16 : +16, kt * 16 : +16]
        b = load B[kt * 16 : +16, block.y * 16 : +16]
        acc = mma(a, b, acc)  #! warning[START]
    store C[block.x * 16 : +16, block.y * 16 : +16], acc
