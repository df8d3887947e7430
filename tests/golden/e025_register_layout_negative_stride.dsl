# A thread-value layout with a negative stride: thread t would hold element -t.
kernel negr(X: f32[R, 64], Y: f32[R, 64]):
    grid (R)
    threads 64
    a = load X[block.x, 0 : +64] layout (64, 1):(-1, 0)  #! error[E025]
    store Y[block.x, 0 : +64], a
