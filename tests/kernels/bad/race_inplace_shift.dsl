# An in-place shift of a shared row: thread t reads s[t + 1] while thread t + 1 writes
# it, inside one copy statement, so the result depends on the interleaving.
kernel shift_left(X: f32[N], Y: f32[N]):
    assume N % 128 == 0
    const T = 128
    grid (N / T)
    threads 128
    tag X[i] = (i=i)
    s = shared f32[T + 1]
    copy s[0 : +T], X[block.x * T : +T]
    copy s[T : +1], X[block.x * T : +1]
    barrier
    copy s[0 : +T], s[1 : +T]  #! error[RACE]
    barrier
    y = load s[0 : +T]
    store Y[block.x * T : +T], y
