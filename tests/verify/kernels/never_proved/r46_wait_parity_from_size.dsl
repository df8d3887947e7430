# Held-out round 46: one phase of bar ever completes, and the second wait's parity is N: for
# odd N it waits for phase 1, which never comes, and the block hangs. The parity is no fixed
# phase offset of its round, so no liveness check saw the wait; it proved.
kernel wait_size_parity(X: f32[32, 32], Y: f32[32, 32], Z: f32[N]):
    assume N >= 1
    grid 1
    threads 64
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r, col=c)
    bar = mbarrier[1] count 64
    x = load X[0 : +32, 0 : +32]
    arrive bar[0]
    wait bar[0], 0
    wait bar[0], N
    store Y[0 : +32, 0 : +32], x
