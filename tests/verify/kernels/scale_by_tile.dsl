# An in-place scale by a tile that carries data adds its records: x * w holds X's and W's
# fields of the same row and column (sibling tests/kernels/bad/tag_scale_by_tile_next_rows.dsl).
kernel scale_by_tile(X: f32[R, 64], W: f32[R, 64], Y: f32[R, 64]):
    assume R % 8 == 0
    grid (R / 8)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag W[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r, col=c)
    x = load X[block.x * 8 : +8, 0 : +64]
    w = load W[block.x * 8 : +8, 0 : +64]
    x = x * w
    assert tag(x[i, j]).row == block.x * 8 + i and tag(x[i, j]).col == j
    store Y[block.x * 8 : +8, 0 : +64], x
