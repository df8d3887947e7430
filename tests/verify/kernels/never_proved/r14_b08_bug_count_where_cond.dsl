# Y[r, c] = X[r, c] for c < 40, zeros after (tag condition). The kernel counts the column tiles it
# visited in a register accumulator (cnt = cnt + 1.0) and writes that count into the cleared part.
kernel b08_bug_count_where_cond(X: f32[R, 64], Y: f32[R, 64]):
    assume R % 4 == 0
    grid (R / 4)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r, col=c) if c < 40
    cnt = zeros f32[4, 64]
    for t in range(2):
        cnt = cnt + 1.0
    x = load X[block.x * 4 : +4, 0 : +64]
    y = where(index(x, axis=1) < 40, x, cnt)
    store Y[block.x * 4 : +4, 0 : +64], y
