# Held-out round 78: an infinite padding compared with an infinite literal (true, not false).
# V[i] (4 copies) = max over c < C of X[c] where G[c] is not NaN (written `g >= -inf`), else -inf;
# G's padding -inf passes the gate, so X's padding 100.0 of columns past C is kept and wins
kernel p11(X: f32[C], G: f32[C], V: f32[4]):
    assume C >= 1 and C <= 64
    grid (1)
    threads 64
    tag X[c] = (col=c)
    tag G[c] = (col=c)
    x = load X[0 : +64] masked(fill=100.0)
    g = load G[0 : +64] masked(fill=-inf)
    xb = bcast(x, axis=0, n=4)
    k = max(mask(xb, bcast(g, axis=0, n=4) >= -inf, fill=-inf), axis=1)
    store V[0 : +4], k
