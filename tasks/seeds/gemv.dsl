# Naive GEMV seed: y = A @ x; each block owns 8 rows and walks the columns 32 at a time,
# multiplying by the broadcast slice of x and summing along the row.
kernel gemv(A: f32[M, K], X: f32[K], Y: f32[M]):
    assume M % 8 == 0 and K % 32 == 0 and K >= 32
    const BR, BC = 8, 32
    grid (M / BR)
    threads 256
    tag A[i, k] = (row=i, k=k)
    tag X[k] = (xk=k)
    tag Y[i] = (row=i)
    a0 = load A[block.x * BR : +BR, 0 : +BC]
    x0 = load X[0 : +BC]
    y = sum(a0 * bcast(x0, axis=0, n=BR), axis=1)
    for ct in range(1, K / BC):
        a = load A[block.x * BR : +BR, ct * BC : +BC]
        x = load X[ct * BC : +BC]
        assert tag(a[i, j]).k == tag(x[j]).xk
        y = y + sum(a * bcast(x, axis=0, n=BR), axis=1)
    assert tag(y[i]).row == block.x * BR + i
    store Y[block.x * BR : +BR], y
