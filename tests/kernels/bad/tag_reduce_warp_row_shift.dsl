# Warp-level row reduction: Y[r] = sum(X[r, 0:32]); warp w of the block holds row w, one
# element per lane, so each row sum is a reduction across the 32 lanes of one warp.
# Optimizations: warp-per-row distribution (what warp shuffles implement on a GPU; the
# current lowering exchanges through shared memory, docs/LOWERING.md).
kernel reduce_warp(X: f32[R, 32], Y: f32[R]):
    assume R % 8 == 0
    grid (R / 8)
    threads 256
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r)
    x = load X[block.x * 8 : +8, 0 : +32] layout ((32, 8), 1):((1, 32), 0)
    s = sum(x, axis=1)
    assert tag(s[w]).row == block.x * 8 + w and tag(s[w]).col == range(0, 32)
    store Y[block.x * 8 + 1 : +8], s  #! error[TAG]
