# The inline GELU epilogue (tests/verify/kernels/r79_ok_gelu_dropout_epilogue.dsl) with the
# bias loaded by the row block, block.x, instead of the column block (new-user round 79).
kernel gelu_dropout_epilogue(X: f32[R, C], BIAS: f32[C], KEEP: i8[R, C], Y: f32[R, C]):
    assume R >= 1 and C >= 1
    const BR, BC = 8, 64
    grid ((R + BR - 1) / BR, (C + BC - 1) / BC)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag BIAS[c] = (col=c)
    tag KEEP[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r, col=c)
    x = load X[block.x * BR : +BR, block.y * BC : +BC] masked(fill=0.0)
    b = load BIAS[block.x * BC : +BC] masked(fill=0.0)
    k = load KEEP[block.x * BR : +BR, block.y * BC : +BC] masked(fill=0)
    bb = bcast(b, axis=0, n=BR)
    assert tag(x[i, j]).col == tag(bb[i, j]).col  #! error[TAG]
    assert tag(x[i, j]).row == tag(k[i, j]).row and tag(x[i, j]).col == tag(k[i, j]).col
    h = x + bb
    g = 0.5 * h * (1.0 + erf(h * 0.7071067811865476))
    y = g * cast(k, f32) * 1.25
    store Y[block.x * BR : +BR, block.y * BC : +BC], y masked  #! error[TAG]
