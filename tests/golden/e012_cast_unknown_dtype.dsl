# cast's second argument names a dtype; there is no f8.
kernel narrow(X: f32[R, 64], Y: f16[R, 64]):
    assume R % 4 == 0
    const BR = 4
    grid (R / BR)
    threads 64
    x = load X[block.x * BR : +BR, 0 : +64]
    y = cast(x, f8)  #! error[E012]
    store Y[block.x * BR : +BR, 0 : +64], y
