# Row variance over 200 columns (256-wide tile, fill 0.0). The centred values go through a reused
# scratch tile and are copied back into x without masking again: the padding becomes -mean and
# 56 * mean^2 is added to the variance (expected TAG/unknown at the variance's sum).
kernel a07_bug_layernorm_scratch_center(X: f32[R, 200], Y: f32[R]):
    assume R % 4 == 0
    const BR, BC = 4, 256
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r)
    t = zeros f32[BR, BC]
    x = load X[block.x * BR : +BR, 0 : +BC] masked(fill=0.0)
    mean = sum(x, axis=1) / 200.0
    t = x - bcast(mean, axis=1, n=BC)
    x = t
    var = sum(x * x, axis=1) / 200.0
    store Y[block.x * BR : +BR], var
