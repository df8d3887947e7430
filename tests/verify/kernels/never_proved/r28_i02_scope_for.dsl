kernel i02_scope_for(X: f32[B, 64], P: f32[B, 64]):
    grid (B)
    threads 64
    tag X[b, t] = (seq=b, tok=t)
    tag P[b, t] = (seq=b, tok=t) if t < 2
    for u in range(1):
        x = load X[block.x : +1, 0 : +2]
        y = x * 1.0
    for v in range(1):
        x = load X[block.x : +1, 0 : +64]
        xv = mask(x, index(x, axis=1) * 4611686018427387904 < 4611686018427387905, fill=0.0)
        store P[block.x : +1, 0 : +64], xv
