# A uniform flag in global memory: every block reads F[0] and block 0 clears it. The
# other blocks may read it before or after the clear (blocks are unordered: RACE).
kernel flag_scale(X: f32[R, 256], F: f32[1], Y: f32[R, 256]):
    grid (R)
    threads 256
    f = load F[0 : +1]  #! error[RACE]
    x = load X[block.x : +1, 0 : +256]
    y = x * bcast(f, axis=1, n=256)
    store Y[block.x : +1, 0 : +256], y
    if block.x == 0:
        z = zeros f32[1]
        store F[0 : +1], z
