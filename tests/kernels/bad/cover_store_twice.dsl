# Each block stores its row tile once per pass of a loop that was meant to run over
# column halves but does not offset the store: every element is written twice.
kernel copy_rows(X: f32[R, 64], Y: f32[R, 64]):
    assume R % 4 == 0
    grid (R / 4)
    threads 128
    tag X[r, c] = (row=r, col=c)
    x = load X[block.x * 4 : +4, 0 : +64]
    for h in range(2):
        store Y[block.x * 4 : +4, 0 : +64], x  #! error[COVER]
