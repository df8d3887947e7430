# r46_ok_splitk_gelu_range with split 0 added again before the GELU: the claim that each
# split counts once is refuted through the function of one tile.
kernel splitk_gelu_twice(P: f32[3, M, N], Bias: f32[N], C: f16[M, N]):
    assume M % 32 == 0 and N % 64 == 0
    const BM, BN, SPLIT = 32, 64, 3
    grid (M / BM, N / BN)
    threads 256
    tag P[z, i, j] = (split=z, row=i, col=j)
    tag Bias[j] = (col=j)
    tag C[i, j] = (row=i, col=j, split=range(0, 3))
    p = load P[0 : +SPLIT, block.x * BM : +BM, block.y * BN : +BN]
    p0 = load P[0, block.x * BM : +BM, block.y * BN : +BN]
    c = sum(p, axis=0)
    bias = load Bias[block.y * BN : +BN]
    x = c + p0 + bcast(bias, axis=0, n=BM)
    g = 0.5 * x * (1.0 + tanh(0.7978845608 * (x + 0.044715 * x * x * x)))
    gh = cast(g, f16)
    store C[block.x * BM : +BM, block.y * BN : +BN], gh  #! error[TAG]
