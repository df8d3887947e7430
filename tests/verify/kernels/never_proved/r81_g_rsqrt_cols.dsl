# Held-out round 81: padding meets a function of finite data outside its domain (log or rsqrt
# of 0.0, sqrt of a negative, a remainder by 0.0, pow of 0.0 to a negative power).
# C = A @ (B * rsqrt(S[j]) per column j < N), into a column-padded C[M, NP]: columns N .. NP-1
# are zeros (tag). S[j] for j >= N is not used by the intent (it may be 0.0).
kernel g_rsqrt_cols(A: f32[M, K], B: f32[K, N], S: f32[NP], C: f32[M, NP]):
    assume M % 32 == 0 and K % 16 == 0 and K >= 16 and NP % 32 == 0 and N <= NP
    const BM, BN, BK = 32, 32, 16
    grid (M / BM, NP / BN)
    threads 128
    tag A[i, k] = (row=i, k=k)
    tag B[k, j] = (k=k, col=j)
    tag S[j] = (col=j)
    tag C[i, j] = (row=i, col=j, k=range(0, K)) if j < N
    sc = load S[block.y * BN : +BN]
    r = rsqrt(sc)
    acc = zeros f32[BM, BN]
    for kt in range(K / BK):
        a = load A[block.x * BM : +BM, kt * BK : +BK]
        b = load B[kt * BK : +BK, block.y * BN : +BN] masked(fill=0.0)
        bs = b * bcast(r, axis=0, n=BK)
        acc = mma(a, bs, acc)
    store C[block.x * BM : +BM, block.y * BN : +BN], acc
