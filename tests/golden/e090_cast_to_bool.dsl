# A tile cannot become bool: conditions select values with where.
kernel mask(X: f32[R, 64], Y: f32[R, 64]):
    assume R % 4 == 0
    const BR = 4
    grid (R / BR)
    threads 64
    x = load X[block.x * BR : +BR, 0 : +64]
    m = cast(x, bool)  #! error[E090]
    store Y[block.x * BR : +BR, 0 : +64], x
