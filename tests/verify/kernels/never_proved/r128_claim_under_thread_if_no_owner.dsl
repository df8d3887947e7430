# Held-out round 128 (buggy, was proved): the tile's layout puts it on threads 0-15; the claim under `if thread.x >= 64` is made by no thread (the load reads columns 0..15 for every block.y).
kernel cp(X: f32[R, C], Y: f32[R, C]):
    assume R % 16 == 0 and C % 16 == 0
    grid (R / 16, C / 16)
    threads 256
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r)
    x = load X[block.x * 16 : +16, 0 : +16] layout (16, 16):(16, 1)
    if thread.x >= 64:
        assert tag(x[i, j]).col == block.y * 16 + j
    store Y[block.x * 16 : +16, block.y * 16 : +16], x
