# A reshape keeps the tile's elements: the new extents multiply to its size.
kernel t(X: f32[R, 64], Y: f32[R, 64]):
    assume R % 4 == 0
    const BR = 4
    grid (R / BR)
    threads 64
    x = load X[block.x * BR : +BR, 0 : +64]
    y = reshape(x, shape=(16, 8))  #! error[E015]
    store Y[block.x * BR : +BR, 0 : +64], x
