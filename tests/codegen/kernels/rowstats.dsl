# Elementwise math on a loaded tile, then a row reduction: exercises owned reads,
# a materialised tile (the reduction reads other threads' elements) and a 1-D store.
kernel rowstats(X: f32[M, 64], Out: f32[M]):
    assume M % 32 == 0
    const BM = 32
    grid (M / BM)
    threads 64
    x = load X[block.x * BM : +BM, 0 : +64]
    y = exp(x) * 0.5 + x
    s = sum(y, axis=1)
    store Out[block.x * BM : +BM], s
