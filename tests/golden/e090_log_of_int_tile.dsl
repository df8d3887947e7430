# log of an integer tile: the transcendental functions take float tiles.
kernel logs(X: i32[R, 64], Y: f32[R, 64]):
    assume R % 4 == 0
    const BR = 4
    grid (R / BR)
    threads 64
    x = load X[block.x * BR : +BR, 0 : +64]
    y = log(x)  #! error[E090]
    store Y[block.x * BR : +BR, 0 : +64], y
