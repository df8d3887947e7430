# Buggy sibling of tests/verify/kernels/r42_ok_layernorm_guarded_assert.dsl: the guarded claim
# names the next gain column; it fails on the rows inside the output.
kernel ln_rowtail(X: f32[R, 256], G: f32[256], Bv: f32[256], Y: f32[R, 256]):
    assume R >= 1
    const BR, C = 4, 256
    grid ((R + BR - 1) / BR)
    threads 256
    tag X[r, c] = (row=r, col=c)
    tag G[c] = (gcol=c)
    tag Bv[c] = (gcol=c)
    tag Y[r, c] = (row=r)
    x = load X[block.x * BR : +BR, 0 : +C] masked(fill=0.0)
    g = load G[0 : +C]
    b = load Bv[0 : +C]
    mean = sum(x, axis=1) / 256.0
    d = x - bcast(mean, axis=1, n=C)
    var = sum(d * d, axis=1) / 256.0
    y = d * bcast(rsqrt(var + 0.00001), axis=1, n=C) * bcast(g, axis=0, n=BR) + bcast(b, axis=0, n=BR)
    assert block.x * BR + i >= R or tag(y[i, j]).gcol == j + 1  #! error[TAG]
    store Y[block.x * BR : +BR, 0 : +C], y masked
