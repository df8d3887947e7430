# A transposed view swaps the two dimensions of a 2-D tile; a row has one.
kernel t(X: f32[R, 64], Y: f32[R, 64]):
    assume R % 4 == 0
    const BR = 4
    grid (R / BR)
    threads 64
    x = load X[block.x, 0 : +64] transposed  #! error[E014]
    y = load X[block.x * BR : +BR, 0 : +64]
    store Y[block.x * BR : +BR, 0 : +64], y
