# copy of a wide matrix in 32x32 tiles, columns on grid y; the assume admits only N >= 4194304, so grid y = N / 32 >= 131072 > 65535: the launch always fails
kernel c32_bug_grid_y_exceeds_launch_limit(X: f32[M, N], Y: f32[M, N]):
    assume M % 32 == 0 and N % 32 == 0 and N >= 4194304
    grid (M / 32, N / 32)
    threads 128
    tag X[i, j] = (row=i, col=j)
    tag Y[i, j] = (row=i, col=j)
    x = load X[block.x * 32 : +32, block.y * 32 : +32]
    store Y[block.x * 32 : +32, block.y * 32 : +32], x
