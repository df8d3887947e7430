# A GEMM's rows past M filled with 1.0 reach a column sum of the accumulator: the result's rows
# past M hold products of unknown value, and the sum over rows reads them (never proved).
kernel gemm_colsum(A: f16[M, 32], B: f16[32, 64], Y: f32[64]):
    assume M >= 1 and M <= 64
    grid 1
    threads 128
    tag A[i, k] = (row=i, k=k)
    tag B[k, j] = (k=k, col=j)
    tag Y[j] = (col=j)
    a = load A[0 : +64, 0 : +32] masked(fill=1.0)
    b = load B[0 : +32, 0 : +64]
    acc = zeros f32[64, 64] layout mma_m16n8k16(warps=(2, 2))
    acc = mma(a, b, acc)
    y = sum(acc, axis=0)
    store Y[0 : +64], y
