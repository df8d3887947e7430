# setmaxnreg outside a role branch: the whole block would ask for the same count, which is
# what the launch already gives it.
kernel k(X: f32[N], Y: f32[N]):
    assume N % 256 == 0
    grid (N / 256)
    threads 256
    setmaxnreg inc 240  #! error[E027]
    x = load X[block.x * 256 : +256]
    store Y[block.x * 256 : +256], x
