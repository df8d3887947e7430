# as q04, but Y is also read by a load that never runs (block.x > G): Y becomes "state",
# whose stores under a data condition need no coverage
kernel q05_output_under_datacond_state(F: i32[G], X: f32[G, 32], Y: f32[G, 32]):
    grid (G)
    threads 32
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r, col=c)
    x = load X[block.x : +1, 0 : +32]
    if block.x > G:
        y = load Y[0 : +1, 0 : +32]
    if F[block.x] > 0:
        store Y[block.x : +1, 0 : +32], x
