# BUG: Accumulators.updated (and kept_zero) take an update of a zero-started accumulator that gives
# -0.0 at the padding for 0.0 (`same`, not `identical`): acc = x - acc of -0.0 padding is -0.0 - 0.0
# = -0.0, so -1.0 / acc is +inf there, not the -inf (neutral for max) the verifier computes
kernel d07_bug(X: f32[R, C], S: f32[R]):
    assume R >= 1 and C >= 1 and C <= 64
    const BR, BC = 4, 64
    grid ((R + BR - 1) / BR)
    threads 64
    tag X[r, c] = (row=r, col=c)
    tag S[r] = (row=r)
    acc = zeros f32[BR, BC]
    x = load X[block.x * BR : +BR, 0 : +BC] masked(fill=-0.0)
    acc = x - acc
    m = max(-1.0 / acc, axis=1)
    store S[block.x * BR : +BR], m masked
