# Top-2 values of each row: Y[r, 0] = largest, Y[r, 1] = second largest of X[r, :].
# A block owns BR rows and streams column tiles of BC, merging a running (m1, m2) pair; m2 is
# updated through the temporary n2, which is not followed (unknown, naming m2: new-user round 62).
kernel top2(X: f32[R, C], Y: f32[R, 2]):
    assume R % 8 == 0 and C % 256 == 0 and C >= 256
    const BR, BC = 8, 256
    grid (R / BR)
    threads 256
    tag X[r, c] = (row=r, col=c)
    tag Y[r, k] = (row=r)
    x0 = load X[block.x * BR : +BR, 0 : +BC]
    m1 = max(x0, axis=1)
    m2 = max(where(x0 == bcast(m1, axis=1, n=BC), -inf, x0), axis=1)
    for ct in range(1, C / BC):
        x = load X[block.x * BR : +BR, ct * BC : +BC]
        t1 = max(x, axis=1)
        t2 = max(where(x == bcast(t1, axis=1, n=BC), -inf, x), axis=1)
        n2 = maximum(minimum(m1, t1), maximum(m2, t2))
        m1 = maximum(m1, t1)
        m2 = n2
    assert tag(m1[i]).row == block.x * BR + i
    assert tag(m2[i]).row == block.x * BR + i
    assert tag(m1[i]).col == range(0, C)
    assert covers(tag(m2[i]).col, 0, C)
    store Y[block.x * BR : +BR, 0], m1
    store Y[block.x * BR : +BR, 1], m2
