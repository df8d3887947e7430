# The sign of a zero decides +-inf: maximum, minimum and a row max order -0.0 below +0.0
# in the interpreter and the lowering alike (held-out round 86)
kernel r86_ok_negzero_extrema(X: f32[R, 32], P: f32[R, 32], Q: f32[R, 32], M: f32[R], N: f32[R]):
    grid (R)
    threads 32
    tag X[r, c] = (row=r, col=c)
    tag P[r, c] = (row=r, col=c)
    tag Q[r, c] = (row=r, col=c)
    tag M[r] = (row=r, col=range(0, 32))
    tag N[r] = (row=r, col=range(0, 32))
    x = load X[block.x : +1, 0 : +32]
    p = 1.0 / maximum(x, 0.0)
    q = 1.0 / minimum(0.0, x)
    m = 1.0 / max(x, axis=1)
    n = 1.0 / min(x, axis=1)
    store P[block.x : +1, 0 : +32], p
    store Q[block.x : +1, 0 : +32], q
    store M[block.x : +1], m
    store N[block.x : +1], n
