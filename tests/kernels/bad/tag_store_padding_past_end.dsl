# Y is twice as long as X, but each block copies its own tile of X: the blocks past X's end
# load only padding (0.0) and store it into Y, where the tag function names X's element i.
# (Proved once: padding holds no record, so it satisfied the tag function vacuously.)
kernel pad_store(X: f32[N], Y: f32[M]):
    assume M == 2 * N and N % 32 == 0
    grid (M / 32)
    threads 32
    tag X[i] = (i=i)
    tag Y[i] = (i=i)
    x = load X[block.x * 32 : +32] masked(fill=0.0)
    store Y[block.x * 32 : +32], x  #! error[TAG]
