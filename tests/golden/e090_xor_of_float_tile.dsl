# `^` is integer XOR (index arithmetic); on a float tile it means nothing.
kernel flip(X: f32[R, 64], Y: f32[R, 64]):
    assume R % 4 == 0
    const BR = 4
    grid (R / BR)
    threads 64
    x = load X[block.x * BR : +BR, 0 : +64]
    y = x ^ 1  #! error[E090]
    store Y[block.x * BR : +BR, 0 : +64], y
