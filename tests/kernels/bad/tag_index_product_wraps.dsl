# Keeps tokens t with t * 2^26 < 2^29, meant as t < 8: index() is an i32 tile and the
# product wraps negative for t >= 32, so tokens 32..63 are kept too (the simulator's NumPy
# wraps it). Was proved; the product outside the i32 range is now unknown.
kernel index_product(X: f32[B, 64, 32], P: f32[B, 32]):
    const T, BD = 64, 32
    grid (B)
    threads 128
    tag X[b, t, d] = (seq=b, tok=t, feat=d)
    tag P[b, d] = (seq=b, feat=d)
    x = load X[block.x, 0 : +T, 0 : +BD]
    xv = mask(x, index(x, axis=0) * 67108864 < 536870912, fill=0.0)
    s = sum(xv, axis=0)
    assert covers(tag(s[j]).tok, 0, 8)  #! error[TAG]
    store P[block.x, 0 : +BD], s
