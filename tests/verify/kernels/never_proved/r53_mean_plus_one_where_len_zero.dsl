# The masked mean of a length that may be 0, plus 1.0: where the range is empty the element holds
# 1.0, not the 0.0 the output's tag function needs.
kernel mp(X: f32[B, 32], LEN: i32[B], P: f32[B, 1]):
    assume LEN[b] >= 0 and LEN[b] <= 32
    grid (B)
    threads 32
    tag X[b, t] = (seq=b, tok=t)
    tag P[b, o] = (seq=b, tok=range(0, LEN[b]))
    x = load X[block.x : +1, 0 : +32]
    ln = load LEN[block.x : +1]
    lt = reshape(bcast(ln, axis=0, n=32), shape=(1, 32))
    s = sum(mask(x, index(x, axis=1) < lt, fill=0.0), axis=1)
    lb = reshape(ln, shape=(1))
    y = s / cast(maximum(lb, 1), f32) + 1.0
    store P[block.x, 0 : +1], y
