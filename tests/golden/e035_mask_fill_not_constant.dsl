# mask(x, cond, fill=v) gives the masked elements a number known at compile time.
kernel t(X: f32[R, 64], Y: f32[R, 64]):
    assume R % 4 == 0
    const BR = 4
    grid (R / BR)
    threads 64
    x = load X[block.x * BR : +BR, 0 : +64]
    y = mask(x, index(x, axis=1) < 32, fill=block.x)  #! error[E035]
    store Y[block.x * BR : +BR, 0 : +64], y
