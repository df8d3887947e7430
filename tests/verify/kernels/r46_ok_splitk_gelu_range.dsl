# New-user round 46 (a false alarm): split-K partials summed, a bias added, then GELU in its
# tanh form, which reads x four times; the output claims every split once. Paired with
# itself, x's records made records with two splits and the claim was "counts the same value
# twice"; math on one tile alone keeps its records, as tanh(x) does.
kernel splitk_gelu(P: f32[3, M, N], Bias: f32[N], C: f16[M, N]):
    assume M % 32 == 0 and N % 64 == 0
    const BM, BN, SPLIT = 32, 64, 3
    grid (M / BM, N / BN)
    threads 256
    tag P[z, i, j] = (split=z, row=i, col=j)
    tag Bias[j] = (col=j)
    tag C[i, j] = (row=i, col=j, split=range(0, 3))
    p = load P[0 : +SPLIT, block.x * BM : +BM, block.y * BN : +BN]
    c = sum(p, axis=0)
    bias = load Bias[block.y * BN : +BN]
    x = c + bcast(bias, axis=0, n=BM)
    g = 0.5 * x * (1.0 + tanh(0.7978845608 * (x + 0.044715 * x * x * x)))
    gh = cast(g, f16)
    store C[block.x * BM : +BM, block.y * BN : +BN], gh
