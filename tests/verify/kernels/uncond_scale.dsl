# A loaded tile scaled in place: `x = x * 2.0` keeps x's one record (row, col).
kernel uncond_scale(X: f32[R, 64], Y: f32[R, 64]):
    assume R % 8 == 0
    grid (R / 8)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r, col=c)
    x = load X[block.x * 8 : +8, 0 : +64]
    x = x * 2.0
    assert tag(x[i, j]).row == range(block.x * 8 + i, block.x * 8 + i + 1)
    store Y[block.x * 8 : +8, 0 : +64], x
