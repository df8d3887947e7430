# The staging copy fills only the first half of the shared row; the load reads all of it.
kernel half_staged(X: f32[N], Y: f32[N]):
    assume N % 128 == 0
    grid (N / 128)
    threads 128
    tag X[i] = (i=i)
    s = shared f32[128]
    copy s[0 : +64], X[block.x * 128 : +64]
    barrier
    x = load s[0 : +128]  #! error[INIT]
    store Y[block.x * 128 : +128], x
