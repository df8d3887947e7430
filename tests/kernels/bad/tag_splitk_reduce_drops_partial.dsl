# Split-K GEMM, stage 2 (the declared reduction): C = sum over z of P[z].
# Optimizations: each block sums a 32 x 32 tile of the SPLIT partials in registers.
kernel splitk_reduce(P: f32[4, M, N], C: f32[M, N]):
    assume M % 32 == 0 and N % 32 == 0
    const BM, BN, SPLIT = 32, 32, 4
    grid (M / BM, N / BN)
    threads 256
    tag P[z, i, j] = (split=z, row=i, col=j)
    tag C[i, j] = (row=i, col=j)
    p = load P[0 : +SPLIT - 1, block.x * BM : +BM, block.y * BN : +BN]
    c = sum(p, axis=0)
    assert tag(c[i, j]).split == range(0, SPLIT)  #! error[TAG]
    store C[block.x * BM : +BM, block.y * BN : +BN], c
