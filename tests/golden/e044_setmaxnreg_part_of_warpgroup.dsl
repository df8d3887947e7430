# setmaxnreg under `thread.warp == 4`: one warp of warpgroup 1, whose other three warps skip it;
# all 128 threads of a warpgroup must execute it together.
kernel k(X: f32[N], Y: f32[N]):
    assume N % 256 == 0
    grid (N / 256)
    threads 256
    if thread.warp == 4:
        setmaxnreg dec 40  #! error[E044]
    x = load X[block.x * 256 : +256]
    store Y[block.x * 256 : +256], x
