# Keeps tokens t with t * 2^26 < 2^29, that is t < 8: math on coordinates and constants alone
# is of int64 integers (the interpreter's, a GPU's). The lowering compared in int32, which
# wrapped on the simulator (t >= 32 became negative and was kept): the two disagreed.
kernel index_product_mask(X: f32[B, 64, 32], P: f32[B, 32]):
    const T, BD = 64, 32
    grid (B)
    threads 128
    tag X[b, t, d] = (seq=b, tok=t, feat=d)
    tag P[b, d] = (seq=b, feat=d)
    x = load X[block.x, 0 : +T, 0 : +BD]
    xv = mask(x, index(x, axis=0) * 67108864 < 536870912, fill=0.0)
    s = sum(xv, axis=0)
    assert covers(tag(s[j]).tok, 0, 8)
    store P[block.x, 0 : +BD], s
