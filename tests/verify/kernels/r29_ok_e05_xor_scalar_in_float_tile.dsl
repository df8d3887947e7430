# an integer XOR of block ids inside f32 tile math (the partner block's id as a value)
kernel e05_xor_scalar_in_float_tile(X: f32[R, 32], Y: f32[R, 32]):
    grid (R)
    threads 32
    x = load X[block.x : +1, 0 : +32]
    y = x + (block.x ^ 1)
    store Y[block.x : +1, 0 : +32], y
