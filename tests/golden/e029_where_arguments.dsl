# where takes three arguments: the condition, the value where it holds, the value elsewhere.
kernel clamp(X: f32[R, 64], Y: f32[R, 64]):
    assume R % 4 == 0
    const BR = 4
    grid (R / BR)
    threads 64
    x = load X[block.x * BR : +BR, 0 : +64]
    y = where(x > 0.0, x)  #! error[E029]
    store Y[block.x * BR : +BR, 0 : +64], y
