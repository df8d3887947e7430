# Warps 0 and 1 meet once per 32-column chunk on one count-64 mbarrier, warp 0 over K / 32
# chunks (rounded down), warp 1 over (K + 16) / 32 (rounded to nearest): equal at K = 32 and
# K = 128, one round short at K = 48, where warp 1's last wait never returns (held-out
# round 47: the deadlock graph, built at two sizes, saw equal loops and it proved).
kernel trips(X: f32[M, K], Y: f32[M, 32]):
    assume M % 32 == 0 and K % 16 == 0 and K >= 32
    grid (M / 32)
    threads 64
    tag X[i, j] = (row=i, col=j)
    tag Y[i, j] = (row=i, col=j)
    bar = mbarrier[1] count 64
    if thread.warp == 0:
        for k in range(K / 32):
            arrive bar[0]
            wait bar[0], k % 2
    else:
        for n in range((K + 16) / 32):
            arrive bar[0]
            wait bar[0], n % 2  #! error[SYNC]
    x = load X[block.x * 32 : +32, 0 : +32]
    store Y[block.x * 32 : +32, 0 : +32], x
