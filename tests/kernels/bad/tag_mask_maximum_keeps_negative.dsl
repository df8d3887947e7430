# Held-out round 58 (integer inputs held in their type, elementwise min/max of integer tiles
# followed in conditions): BUG: maximum(ib, -1) >= -1 always holds: negative IDs kept.
kernel keep_rows(X: f32[R, 64], ID: i32[R], Y: f32[R, 64]):
    assume R % 4 == 0
    const BR, C = 4, 64
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r, col=c) if ID[r] >= 0
    x = load X[block.x * BR : +BR, 0 : +C]
    idv = load ID[block.x * BR : +BR]
    ib = bcast(idv, axis=1, n=C)
    y = mask(x, maximum(ib, -1) >= -1, fill=0.0)
    store Y[block.x * BR : +BR, 0 : +C], y  #! error[TAG]
