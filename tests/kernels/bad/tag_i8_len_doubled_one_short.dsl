# Buggy sibling of tests/verify/kernels/i8_len_doubled.dsl: the i8 bound is one short
# (`n + n - 1`), so the last token of each pair, t = 2 * N[r] - 1, is dropped.
kernel i8_len_doubled_one_short(X: f32[R, 128, 16], N: i8[R], Y: f32[R, 16]):
    assume N[r] >= 0 and N[r] <= 63
    const L, BC = 128, 16
    grid (R)
    threads 64
    tag X[r, t, c] = (row=r, t=t, col=c)
    tag Y[r, c] = (row=r, col=c, t=range(0, 2 * N[r]))
    n = load N[block.x : +1]
    n2 = n + n
    w = cast(n2 - 1, i32)
    n32 = cast(n, i32)
    v = cast(n32 * 2, i32)
    x = load X[block.x, 0 : +L, 0 : +BC]
    wt = bcast(reshape(bcast(w, axis=0, n=L), shape=(L)), axis=1, n=BC)
    vt = bcast(reshape(bcast(v, axis=0, n=L), shape=(L)), axis=1, n=BC)
    xv = mask(x, index(x, axis=0) < wt and index(x, axis=0) < vt, fill=0.0)
    s = sum(xv, axis=0)
    assert tag(s[j]).t == range(0, 2 * N[block.x]) and tag(s[j]).col == j  #! error[TAG]
    store Y[block.x, 0 : +BC], s  #! error[TAG]
