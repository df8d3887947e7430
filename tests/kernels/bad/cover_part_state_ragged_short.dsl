# Held-out round 57: a ragged copy of t < LEN[b], the declared part, guarded one short
# (t < LEN[b] - 1), with Y read once (state): the last token of each row is never written.
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
        if t < LEN[block.x] - 1:
            store Y[block.x, t : +1, 0 : +64], x  #! error[COVER]
