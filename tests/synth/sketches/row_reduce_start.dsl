# Sketch of proofs/row_reduce.dsl: where the loop over column tiles starts, after the
# first tile x0 (an unbounded hole, solved by Z3; the answer is 1).
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
    for ct in range(??, C / BC):
        x = load X[block.x * BR : +BR, ct * BC : +BC]
        s = s + sum(x, axis=1)
        m = maximum(m, max(x, axis=1))
    assert tag(s[i]).col == range(0, C)
    assert tag(m[i]).col == range(0, C)
    store S[block.x * BR : +BR], s
    store Mx[block.x * BR : +BR], m
