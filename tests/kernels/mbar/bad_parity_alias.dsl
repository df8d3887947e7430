# Held-out round 43 (a false proof: it can hang): thread 0 completes a phase of `sig` each
# iteration and waits for it itself, which keeps round r + 1 after phase r; thread 32 waits
# for the same phases with nothing holding thread 0 back. Two phases ahead, the parity it
# waits on is the current one's again: it waits for a phase two rounds later, at the end of
# the loop for one that never comes (a SYNC finding of encode/missed_phase.py).
kernel alias(X: f32[M, 32], Y: f32[M, 32]):
    assume M % 32 == 0 and M >= 128
    grid (M / 32)
    threads 64
    tag X[i, j] = (row=i, col=j)
    tag Y[i, j] = (row=i, col=j)
    sig = mbarrier[1] count 1
    if thread.x == 0:
        for k in range(M / 32):
            arrive sig[0]
            wait sig[0], k % 2
    if thread.x == 32:
        for k in range(M / 32):
            wait sig[0], k % 2  #! error[SYNC]
    x = load X[block.x * 32 : +32, 0 : +32]
    store Y[block.x * 32 : +32, 0 : +32], x
