# Every elementwise math builtin on one tile: the transcendental functions, pow, where
# with tile comparisons and -inf, a cast to f16, and ^ in an index (block pairs swap rows).
kernel mathfns(X: f32[R, 64], Y: f16[R, 64]):
    assume R % 8 == 0
    const BR, C = 4, 64
    grid (R / BR)
    threads 64
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r ^ 4)
    x = load X[(block.x ^ 1) * BR : +BR, 0 : +C]
    a = log(abs(x) + 1.0) + log2(abs(x) + 1.0) + exp2(x) + tanh(x) + erf(x) + sigmoid(x)
    b = pow(abs(a), 0.5)
    m = max(x, axis=1)
    c = where(x >= bcast(m, axis=1, n=C) - 0.5 and not x < 0.0, b, -inf)
    d = where(c > -inf, c, 0.0 - a)
    y = cast(d, f16)
    store Y[block.x * BR : +BR, 0 : +C], y
