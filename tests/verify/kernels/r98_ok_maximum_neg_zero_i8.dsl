# maximum of -0.0 and an i8 tile is f64 math ordered as floats: -0.0 where x < 0, +0.0 at
# x = 0 whichever operand comes first (Python's max returned its first argument; round 98)
kernel r98_ok_maximum_neg_zero_i8(X: i8[R, 32], Z: f32[R, 32]):
    grid (R)
    threads 32
    x = load X[block.x : +1, 0 : +32]
    z = 1.0 / cast(maximum(-0.0, x) + maximum(x, -0.0), f32)
    store Z[block.x : +1, 0 : +32], z
