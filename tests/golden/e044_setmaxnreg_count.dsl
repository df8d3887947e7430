# A register count that is not a multiple of 8: setmaxnreg takes counts in [24, 256] in steps of 8.
kernel k(X: f32[N], Y: f32[N]):
    assume N % 256 == 0
    grid (N / 256)
    threads 256
    if thread.warp < 4:
        setmaxnreg inc 230  #! error[E044]
    x = load X[block.x * 256 : +256]
    store Y[block.x * 256 : +256], x
