# Pairs of tokens per i8 length: row r keeps tokens t < 2 * N[r] (N[r] <= 63). The length is
# doubled twice over: in i8 (`n + n`, at most 126, which i8 holds) and, cast to i32, in i32;
# the mask takes the i8 one, the claim checks both agree. A cast between integer types and
# i8 math are followed (encode/element_conds.py): the value where the type holds it, unknown
# where it wraps. Before, a cast was a free choice and the correct claim was refuted.
kernel i8_len_doubled(X: f32[R, 128, 16], N: i8[R], Y: f32[R, 16]):
    assume N[r] >= 0 and N[r] <= 63
    const L, BC = 128, 16
    grid (R)
    threads 64
    tag X[r, t, c] = (row=r, t=t, col=c)
    tag Y[r, c] = (row=r, col=c, t=range(0, 2 * N[r]))
    n = load N[block.x : +1]
    n2 = n + n
    w = cast(n2, i32)
    n32 = cast(n, i32)
    v = cast(n32 * 2, i32)
    x = load X[block.x, 0 : +L, 0 : +BC]
    wt = bcast(reshape(bcast(w, axis=0, n=L), shape=(L)), axis=1, n=BC)
    vt = bcast(reshape(bcast(v, axis=0, n=L), shape=(L)), axis=1, n=BC)
    xv = mask(x, index(x, axis=0) < wt and index(x, axis=0) < vt, fill=0.0)
    s = sum(xv, axis=0)
    assert tag(s[j]).t == range(0, 2 * N[block.x]) and tag(s[j]).col == j
    store Y[block.x, 0 : +BC], s
