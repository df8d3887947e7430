# A shared layout whose strides put two elements at one offset: with one thread no race
# shows it, and the copy's later elements overwrite earlier ones (was proved).
kernel stage(X: f32[8, 8], Y: f32[8, 8]):
    grid 1
    threads 1
    tag X[i, j] = (row=i, col=j)
    tag Y[i, j] = (row=i, col=j)
    s = shared f32[8, 8] layout (8, 8):(4, 1)  #! error[E025]
    copy s[0 : +8, 0 : +8], X[0 : +8, 0 : +8]
    barrier
    a = load s[0 : +8, 0 : +8]
    store Y[0 : +8, 0 : +8], a
