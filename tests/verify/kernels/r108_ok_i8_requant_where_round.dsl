# int8 GEMM, int32 accumulation, requantised to int8 with a per-column f32 scale:
# C = i8(clamp(round_half_away(f32(A @ B) * S[col]), -128, 127)), any M, N, K.
kernel r108_ok_i8_requant_where_round(A: i8[M, K], B: i8[K, N], S: f32[N], C: i8[M, N]):
    assume M >= 1 and N >= 1 and K >= 1
    const BM, BN, BK = 32, 32, 16
    grid ((M + BM - 1) / BM, (N + BN - 1) / BN)
    threads 128
    tag A[i, k] = (row=i, k=k)
    tag B[k, j] = (k=k, col=j)
    tag S[j] = (col=j)
    tag C[i, j] = (row=i, col=j, k=range(0, K))
    sA = shared i8[BM, BK]
    sB = shared i8[BK, BN]
    acc = zeros i32[BM, BN]
    for kt in range((K + BK - 1) / BK):
        copy sA[0 : +BM, 0 : +BK], A[block.x * BM : +BM, kt * BK : +BK] masked(fill=0)
        copy sB[0 : +BK, 0 : +BN], B[kt * BK : +BK, block.y * BN : +BN] masked(fill=0)
        barrier
        a = load sA[0 : +BM, 0 : +BK]
        b = load sB[0 : +BK, 0 : +BN]
        assert tag(a[i, kk]).k == tag(b[kk, j]).k
        acc = mma(a, b, acc)
        barrier
    s = load S[block.y * BN : +BN] masked(fill=0.0)
    v = cast(acc, f32) * bcast(s, axis=0, n=BM)
    r = where(v >= 0.0, v + 0.5, v - 0.5)
    qf = minimum(maximum(r, -128.0), 127.0)
    q = cast(qf, i8)
    store C[block.x * BM : +BM, block.y * BN : +BN], q masked
