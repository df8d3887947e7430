# A copy of a wide matrix in 32x32 tiles, columns on grid y: the assumption admits only
# N >= 4194304, so grid y = N / 32 >= 131072 blocks, over the launch limit of 65535 at every
# allowed size (held-out round 22: proved before the RES rule checked symbolic grids).
kernel res_grid_symbolic(X: f32[M, N], Y: f32[M, N]):
    assume M % 32 == 0 and N % 32 == 0 and N >= 4194304
    grid (M / 32, N / 32)  #! error[RES]
    threads 128
    tag X[i, j] = (row=i, col=j)
    tag Y[i, j] = (row=i, col=j)
    x = load X[block.x * 32 : +32, block.y * 32 : +32]
    store Y[block.x * 32 : +32, block.y * 32 : +32], x
