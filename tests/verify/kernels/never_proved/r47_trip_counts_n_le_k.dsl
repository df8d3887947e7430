# Held-out round 47: two threads meet on a count-2 mbarrier, thread 0 for K rounds and
# thread 32 for N <= K rounds; at N < K thread 0's wait for phase N never returns. The
# deadlock graph, built at minimised sizes (N = K there), saw equal loops and it proved.
kernel trips_n_le_k(X: f32[M, 32], Y: f32[M, 32], P: f32[N], Q: f32[K]):
    assume M % 32 == 0 and N >= 1 and N <= K
    grid (M / 32)
    threads 64
    tag X[i, j] = (row=i, col=j)
    tag Y[i, j] = (row=i, col=j)
    bar = mbarrier[1] count 2
    if thread.x == 0:
        for k in range(K):
            arrive bar[0]
            wait bar[0], k % 2
    if thread.x == 32:
        for n in range(N):
            arrive bar[0]
            wait bar[0], n % 2
    x = load X[block.x * 32 : +32, 0 : +32]
    store Y[block.x * 32 : +32, 0 : +32], x
