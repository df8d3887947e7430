# A shared tile stored bottom-up with a negative row stride: row r > 0 lies before the
# buffer's start (was proved; the lowering could not allocate it).
kernel flip(X: f32[16, 16], Y: f32[16, 16]):
    grid 1
    threads 64
    tag X[i, j] = (row=i, col=j)
    tag Y[i, j] = (row=i, col=j)
    s = shared f32[16, 16] layout (16, 16):(-16, 1)  #! error[E025]
    copy s[0 : +16, 0 : +16], X[0 : +16, 0 : +16]
    barrier
    a = load s[0 : +16, 0 : +16]
    store Y[0 : +16, 0 : +16], a
