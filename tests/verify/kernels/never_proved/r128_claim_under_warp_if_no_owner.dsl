# Held-out round 128 (buggy, was proved): a 16x8 tile on warps 0-3 of 8; the claim under `if thread.warp >= 4` is made by no thread (the columns are wrong).
kernel cp(X: f32[R, C], Y: f32[R, C]):
    assume R % 16 == 0 and C % 8 == 0
    grid (R / 16, C / 8)
    threads 256
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r)
    x = load X[block.x * 16 : +16, 0 : +8]
    if thread.warp >= 4:
        assert tag(x[i, j]).col == block.y * 8 + j
    store Y[block.x * 16 : +16, block.y * 8 : +8], x
