# A comparison of tiles is a condition, not a tile: it goes into where(cond, a, b).
kernel relu(X: f32[R, 64], Y: f32[R, 64]):
    assume R % 4 == 0
    const BR = 4
    grid (R / BR)
    threads 64
    x = load X[block.x * BR : +BR, 0 : +64]
    pos = x > 0.0  #! error[E021]
    y = where(pos, x, 0.0)
    store Y[block.x * BR : +BR, 0 : +64], y
