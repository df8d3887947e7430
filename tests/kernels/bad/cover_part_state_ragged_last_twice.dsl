# Held-out round 58: a ragged copy (the declared part t < LEN[b], Y read: state) whose last row
# is stored in the loop and again after it.
kernel ragged_copy(X: f32[B, T, 64], LEN: i32[B], Y: f32[B, T, 64]):
    assume LEN[b] >= 0 and LEN[b] <= T
    grid B
    threads 64
    tag X[b, t, d] = (b=b, t=t, d=d)
    tag Y[b, t, d] = (b=b, t=t, d=d)
    writes Y[b, t, d] if t < LEN[b]
    y0 = load Y[block.x, 0 : +1, 0 : +64]
    for t in range(T):
        x = load X[block.x, t : +1, 0 : +64]
        if t < LEN[block.x]:
            store Y[block.x, t : +1, 0 : +64], x
    if LEN[block.x] > 0:
        xl = load X[block.x, LEN[block.x] - 1 : +1, 0 : +64]
        store Y[block.x, LEN[block.x] - 1 : +1, 0 : +64], xl  #! error[COVER]
