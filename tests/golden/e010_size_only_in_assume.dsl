# A size is a dimension of some parameter's shape: named only in an `assume`, it is undefined.
kernel k(X: f32[256], Y: f32[256]):
    assume N >= 1 and N <= 256  #! error[E010]
    grid (1)
    threads 256
    x = load X[0 : +256]
    store Y[0 : +256], x
