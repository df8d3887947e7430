# Warp-shuffle row reduction: Y[r] = sum(X[r, 0:32]); warp w of the block holds row w, one
# element per lane, so each row sum is a reduction across the 32 lanes of one warp.
# Optimizations: warp-per-row distribution; the sum is a butterfly of five shfl.xor steps
# (no shared memory, no barrier); lane 0 of warp w holds s[w] (the other lanes' slots of
# its layout fall past the tile: idle) and stores it.
kernel reduce_warp(X: f32[R, 32], Y: f32[R]):
    assume R % 8 == 0
    grid (R / 8)
    threads 256
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r)
    x = load X[block.x * 8 : +8, 0 : +32] layout ((32, 8), 1):((1, 32), 0)
    s = sum(x, axis=1) layout ((32, 8), 1):((8, 1), 0)
    assert tag(s[w]).row == block.x * 8 + w and tag(s[w]).col == range(0, 32)
    store Y[block.x * 8 : +8], s
