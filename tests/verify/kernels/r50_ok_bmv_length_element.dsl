# New-user round 50: a batched matrix-vector product whose column mask reads the batch's
# length as an element, `LEN[block.y]`, in the tile math (it needed a load and a broadcast).
# Batched matrix-vector product with per-batch lengths:
#   Y[b, i] = sum_{k < LEN[b]} A[b, i, k] * X[b, k]
# Grid: row blocks x batches; the column loop stops at the batch's own length.
kernel bmv_length_element(A: f32[NB, M, KM], X: f32[NB, KM], LEN: i32[NB], Y: f32[NB, M]):
    assume NB >= 1 and M >= 1 and KM >= 1
    assume LEN[b] >= 0 and LEN[b] <= KM
    const BR, BC = 8, 32
    grid ((M + BR - 1) / BR, NB)
    threads 256
    tag A[b, i, k] = (bt=b, row=i, k=k)
    tag X[b, k] = (xb=b, xk=k)
    tag Y[b, i] = (bt=b, xb=b, row=i, k=range(0, LEN[b]))
    y = zeros f32[BR]


    for ct in range((LEN[block.y] + BC - 1) / BC):
        a = load A[block.y, block.x * BR : +BR, ct * BC : +BC] masked(fill=0.0)
        x = load X[block.y, ct * BC : +BC] masked(fill=0.0)
        xb = bcast(x, axis=0, n=BR)
        am = mask(a, ct * BC + index(a, axis=1) < LEN[block.y], fill=0.0)
        assert tag(am[i, j]).k == tag(xb[i, j]).xk
        y = y + sum(am * xb, axis=1)
    store Y[block.y, block.x * BR : +BR], y masked
