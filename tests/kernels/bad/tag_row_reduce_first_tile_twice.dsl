# Row-wise sum and max of a matrix: s[r] = sum(x[r, :]), m[r] = max(x[r, :]).
# Optimizations: a block streams column tiles of BR rows and keeps running sums and
# maxima in registers (the first tile initialises them).
kernel row_reduce(X: f32[R, C], S: f32[R], Mx: f32[R]):
    assume R % 8 == 0 and C % 256 == 0 and C >= 256
    const BR, BC = 8, 256
    grid (R / BR)
    threads 256
    tag X[r, c] = (row=r, col=c)
    tag S[r] = (row=r)
    tag Mx[r] = (row=r)
    x0 = load X[block.x * BR : +BR, 0 : +BC]
    s = sum(x0, axis=1)
    m = max(x0, axis=1)
    for ct in range(C / BC):
        x = load X[block.x * BR : +BR, ct * BC : +BC]
        s = s + sum(x, axis=1)
        m = maximum(m, max(x, axis=1))
    assert tag(s[i]).col == range(0, C)  #! error[TAG]
    assert tag(m[i]).col == range(0, C)  #! error[TAG]
    store S[block.x * BR : +BR], s
    store Mx[block.x * BR : +BR], m
