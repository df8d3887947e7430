# New-user round 50: a fused bias + dropout + residual whose dropout mask is read at the
# swapped block offsets: refuted by the wrong record, not by the padded elements whose
# records padding met (those are unknown).
# Fused bias + dropout + residual: Y = (X + bias[col]) * keep * 1/(1-p) + Res, p = 0.1,
# keep an i8 0/1 mask. Any R, C.
kernel bias_dropout_mask_swapped(X: f32[R, C], Bias: f32[C], Keep: i8[R, C], Res: f32[R, C], Y: f32[R, C]):
    assume R >= 1 and C >= 1
    const BR, BC = 16, 64
    grid ((R + BR - 1) / BR, (C + BC - 1) / BC)
    threads 256
    tag X[r, c] = (row=r, col=c)
    tag Res[r, c] = (row=r, col=c)
    tag Bias[c] = (bcol=c)
    tag Keep[r, c] = (mrow=r, mcol=c)
    tag Y[r, c] = (row=r, col=c, bcol=c, mrow=r, mcol=c)
    x = load X[block.x * BR : +BR, block.y * BC : +BC] masked(fill=0.0)
    b = load Bias[block.y * BC : +BC] masked(fill=0.0)
    k = load Keep[block.x * BR : +BR, block.x * BC : +BC] masked(fill=0)
    r = load Res[block.x * BR : +BR, block.y * BC : +BC] masked(fill=0.0)
    bb = bcast(b, axis=0, n=BR)
    assert tag(x[i, j]).col == tag(bb[i, j]).bcol or block.y * BC + j >= C
    y = (x + bb) * cast(k, f32) * 1.1111111111111112 + r
    store Y[block.x * BR : +BR, block.y * BC : +BC], y masked  #! error[TAG]
