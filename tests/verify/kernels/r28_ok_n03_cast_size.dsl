kernel n03_cast_size(A: f32[R, 32], B: f32[R, 32]):
    assume R % 4 == 0
    grid (R / 4)
    threads 128
    tag A[r, c] = (row=r, col=c)
    tag B[r, c] = (row=r, col=c)
    x = load A[block.x * 4 : +4, 0 : +32]
    y = x * 2.0 + cast(R, f32)
    store B[block.x * 4 : +4, 0 : +32], y
