# Held-out round 43: the sibling of tests/kernels/mbar/bad_parity_alias.dsl with back-pressure:
# thread 0 waits for thread 32's acknowledgement on `ack` before the next phase of `sig`, so
# no phase overtakes thread 32's wait. (Role branches: if/else, which the interpreter runs
# side by side; two `if`s in a row it runs one after the other.)
kernel alias(X: f32[M, 32], Y: f32[M, 32]):
    assume M % 32 == 0 and M >= 128
    grid (M / 32)
    threads 64
    tag X[i, j] = (row=i, col=j)
    tag Y[i, j] = (row=i, col=j)
    sig = mbarrier[1] count 1
    ack = mbarrier[1] count 1
    if thread.warp == 0:
        if thread.lane == 0:
            for k in range(M / 32):
                arrive sig[0]
                wait ack[0], k % 2
    else:
        if thread.lane == 0:
            for k in range(M / 32):
                wait sig[0], k % 2
                arrive ack[0]
    x = load X[block.x * 32 : +32, 0 : +32]
    store Y[block.x * 32 : +32, 0 : +32], x
