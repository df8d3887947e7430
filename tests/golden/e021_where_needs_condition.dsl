# where's first argument must be a condition, such as x > 0.0.
kernel relu(X: f32[R, 64], Y: f32[R, 64]):
    assume R % 4 == 0
    const BR = 4
    grid (R / BR)
    threads 64
    x = load X[block.x * BR : +BR, 0 : +64]
    y = where(x, x, 0.0)  #! error[E021]
    store Y[block.x * BR : +BR, 0 : +64], y
