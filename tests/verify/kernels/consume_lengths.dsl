# P[b] sums the first LEN[b] tokens (mask on the loaded length); then the length is consumed
# in place (LEN[b] = LEN[b] - 1). The mask's length was loaded before the write, so it is the
# input's, which the `assume` bounds (a loaded tile of a tensor the kernel writes was a free
# choice and the claim was refuted). Loaded after the write it would be opaque: unknown.
kernel consume_lengths(X: f32[B, 64, 32], LEN: i32[B], P: f32[B, 32]):
    assume LEN[b] >= 1 and LEN[b] <= 64
    const T, BD = 64, 32
    grid (B)
    threads 128
    tag X[b, t, d] = (seq=b, tok=t, feat=d)
    tag P[b, d] = (seq=b, feat=d, tok=range(0, LEN[b]))
    ln = load LEN[block.x : +1]
    x = load X[block.x, 0 : +T, 0 : +BD]
    lt = bcast(reshape(bcast(ln, axis=0, n=T), shape=(T)), axis=1, n=BD)
    xv = mask(x, index(x, axis=0) < lt, fill=0.0)
    s = sum(xv, axis=0)
    store P[block.x, 0 : +BD], s
    barrier
    l1 = ln - 1
    store LEN[block.x : +1], l1
