# A reshape that changes the rank: each block's [8, 8] tile of X flattened to 64 elements of
# Y (held-out kernels: proved, and the interpreter's lowered mode read the flattened tile's
# operand at 1-D coordinates of a 2-D tile).
kernel reshape_flatten(X: f32[R, 8], Y: f32[N]):
    assume R % 8 == 0 and N == R * 8
    grid (R / 8)
    threads 64
    tag X[r, c] = (idx=r * 8 + c)
    tag Y[i] = (idx=i)
    x = load X[block.x * 8 : +8, 0 : +8]
    z = reshape(x, shape=(64))
    w = z * 2.0
    store Y[block.x * 64 : +64], w
