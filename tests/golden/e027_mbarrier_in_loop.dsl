# An mbarrier array declared inside a loop: the block initialises it once, before any use.
kernel k(X: f32[N], Y: f32[N]):
    assume N % 128 == 0
    grid (N / 128)
    threads 128
    for i in range(2):
        bar = mbarrier[2] count 128  #! error[E027]
    x = load X[block.x * 128 : +128]
    store Y[block.x * 128 : +128], x
