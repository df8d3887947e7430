# Held-out round 46: the second wait's parity is block.x; every odd block waits for a phase
# no arrival makes.
kernel wait_block_parity(X: f32[B, 32], Y: f32[B, 32]):
    assume B >= 1
    grid (B)
    threads 64
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r, col=c)
    bar = mbarrier[1] count 64
    x = load X[block.x : +1, 0 : +32]
    arrive bar[0]
    wait bar[0], 0
    wait bar[0], block.x
    store Y[block.x : +1, 0 : +32], x
