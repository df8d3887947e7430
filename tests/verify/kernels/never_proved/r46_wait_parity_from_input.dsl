# Held-out round 46: the second wait's parity is read from an input; P[0] = 1 hangs.
kernel wait_data_parity(X: f32[32, 32], Y: f32[32, 32], P: i32[1]):
    grid 1
    threads 64
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r, col=c)
    bar = mbarrier[1] count 64
    x = load X[0 : +32, 0 : +32]
    arrive bar[0]
    wait bar[0], 0
    wait bar[0], P[0]
    store Y[0 : +32, 0 : +32], x
