kernel i01_scope_shape(X: f32[B, 64], P: f32[B, 64]):
    grid (B)
    threads 64
    tag X[b, t] = (seq=b, tok=t)
    tag P[b, t] = (seq=b, tok=t) if t < 2
    if block.x < 0:
        x = zeros f32[1, 2]
        store P[block.x : +1, 0 : +2], x
    else:
        x = load X[block.x : +1, 0 : +64]
        xv = mask(x, index(x, axis=1) * 4611686018427387904 < 4611686018427387905, fill=0.0)
        store P[block.x : +1, 0 : +64], xv
