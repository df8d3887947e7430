# A thread-value layout whose thread mode names more threads than the block has: the
# elements of threads 128..255 would belong to nobody (held-out round 46: every rule said
# unknown).
kernel wide(X: f32[M, 256], Y: f32[M, 256]):
    assume M >= 1
    grid (M)
    threads 128
    tag X[i, j] = (row=i, col=j)
    tag Y[i, j] = (row=i, col=j)
    x = load X[block.x : +1, 0 : +256] layout (256, 1):(1, 0)  #! error[E025]
    store Y[block.x : +1, 0 : +256], x layout (128, 2):(1, 128)
