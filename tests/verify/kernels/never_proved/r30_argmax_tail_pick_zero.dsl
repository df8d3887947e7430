# Wrong: the padded columns pick 0.0, which the min takes (the first index of the max becomes 0).
kernel argmax_rows(X: f32[R, C], A: i32[R]):
    assume R % 4 == 0 and C >= 1 and C <= 256
    const BR, BC = 4, 256
    grid R / BR
    threads 256
    tag X[r, c] = (row=r, col=c)
    tag A[r] = (row=r)
    x = load X[block.x * BR : +BR, 0 : +BC] masked(fill=-inf)
    m = max(x, axis=1)
    assert tag(m[i]).row == block.x * BR + i and tag(m[i]).col == range(0, C)
    idx = cast(index(x, axis=1), f32)
    cand = where(x == bcast(m, axis=1, n=BC), idx, 0.0)
    am = min(cand, axis=1)
    ai = cast(am, i32)
    store A[block.x * BR : +BR], ai
