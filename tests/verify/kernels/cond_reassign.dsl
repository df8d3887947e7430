# A loaded tile scaled in place in odd blocks only: the scale adds no record, so x keeps its
# one record (row, col) in every block (it was refuted with "computed from no input").
kernel cond_reassign(X: f32[R, 64], Y: f32[R, 64]):
    assume R % 8 == 0
    grid (R / 8)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r, col=c)
    x = load X[block.x * 8 : +8, 0 : +64]
    if block.x % 2 == 1:
        x = x * 2.0
    store Y[block.x * 8 : +8, 0 : +64], x
