# The sibling of tests/kernels/bad/tag_partial_sums_into_new_tile.dsl: the partial sums
# add up in place, an accumulation, so the output covers every d exactly once.
kernel proj_halves(X: f32[T, D], W: f32[D, F], Out: f32[T, F]):
    assume T % 32 == 0 and F % 32 == 0 and D % 2 == 0 and D >= 2
    const TM, TF = 32, 32
    grid (T / TM, F / TF)
    threads 128
    tag X[t, d] = (tok=t, d=d)
    tag W[d, f] = (d=d, feat=f)
    tag Out[t, f] = (tok=t, feat=f)
    lo = zeros f32[TM, TF]
    hi = zeros f32[TM, TF]
    for d in range(D / 2):
        x = load X[block.x * TM : +TM, d : +1]
        w = load W[d : +1, block.y * TF : +TF]
        lo = mma(x, w, lo)
        x2 = load X[block.x * TM : +TM, D / 2 + d : +1]
        w2 = load W[D / 2 + d : +1, block.y * TF : +TF]
        hi = mma(x2, w2, hi)
    lo = lo + hi
    assert tag(lo[i, j]).d == range(0, D)
    assert tag(lo[i, j]).tok == block.x * TM + i and tag(lo[i, j]).feat == block.y * TF + j
    store Out[block.x * TM : +TM, block.y * TF : +TF], lo
