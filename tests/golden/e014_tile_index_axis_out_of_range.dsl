# index(x, axis=a) is the coordinate along one of x's dimensions; a 2-D tile has axes 0 and 1.
kernel t(X: f32[R, 64], Y: f32[R, 64]):
    assume R % 4 == 0
    const BR = 4
    grid (R / BR)
    threads 64
    x = load X[block.x * BR : +BR, 0 : +64]
    y = mask(x, index(x, axis=2) < 32, fill=0.0)  #! error[E014]
    store Y[block.x * BR : +BR, 0 : +64], y
