# mma operand a written twice, the second under a thread if: padding along K of the first
# writer (x + 1.0 -> 1.0) meets B's real rows past K for elements of threads >= 32
kernel h18(A: f16[M, K], B: f16[32, 32], Y: f32[M, 32]):
    assume M % 32 == 0 and K >= 1 and K <= 32
    const BM, BK, BN = 32, 32, 32
    grid (M / BM)
    threads 128
    tag A[m, k] = (row=m, k=k)
    tag B[k, n] = (k=k, col=n)
    tag Y[m, n] = (row=m, col=n)
    x = load A[block.x * BM : +BM, 0 : +BK] masked(fill=0.0)
    b = load B[0 : +BK, 0 : +BN]
    a = x + 1.0
    if thread.x < 32:
        a = x * 1.0
        acc = zeros f32[BM, BN] layout (32, 32):(32, 1)
        acc = mma(a, b, acc) layout (32, 32):(32, 1)
        store Y[block.x * BM : +BM, 0 : +BN], acc layout (32, 32):(32, 1)
