# The upper half of the threads scales its elements in place: the scale adds no record
# whoever runs it (it was unknown: tags under a thread-dependent condition).
kernel cond_reassign_t(X: f32[R, 64], Y: f32[R, 64]):
    assume R % 8 == 0
    grid (R / 8)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r, col=c)
    x = load X[block.x * 8 : +8, 0 : +64]
    if thread.x >= 64:
        x = x * 2.0
    store Y[block.x * 8 : +8, 0 : +64], x
