# An in-place scale by a tile of the next block's rows: the scale's records are data and
# are kept, so the row claim and the output's tag function fail (sibling of
# tests/verify/kernels/scale_by_tile.dsl).
kernel scale_by_tile(X: f32[R, 64], W: f32[R, 64], Y: f32[R, 64]):
    assume R % 8 == 0
    grid (R / 8)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag W[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r, col=c)
    x = load X[block.x * 8 : +8, 0 : +64]
    w = load W[(block.x + 1) % (R / 8) * 8 : +8, 0 : +64]
    x = x * w
    assert tag(x[i, j]).row == block.x * 8 + i and tag(x[i, j]).col == j  #! error[TAG]
    store Y[block.x * 8 : +8, 0 : +64], x  #! error[TAG]
