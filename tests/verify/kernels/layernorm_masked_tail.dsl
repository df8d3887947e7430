# LayerNorm over C = 200 columns held in a 256-wide tile (masked load, fill 0.0): the centred
# values `x - mean` are -mean at the padding, so they are masked again with the tail's own
# condition before the variance sums them (held-out round 12: was unknown, "padding ... reaches
# this sum through math whose value at the padding is not known"). Where padding may lie is
# followed through the broadcast of the row mean and through its sum (encode/fill_place.py).
kernel layernorm_masked_tail(X: f32[R, 200], G: f32[200], Y: f32[R, 200]):
    assume R % 4 == 0
    const BR, BC = 4, 256
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag G[c] = (gcol=c)
    tag Y[r, c] = (row=r, gcol=c)
    x = load X[block.x * BR : +BR, 0 : +BC] masked(fill=0.0)
    g = load G[0 : +BC] masked(fill=0.0)
    mean = sum(x, axis=1) / 200.0
    d = mask(x - bcast(mean, axis=1, n=BC), index(x, axis=1) < 200, fill=0.0)
    var = sum(d * d, axis=1) / 200.0
    assert covers(tag(var[i]).col, 0, 200)
    y = d * bcast(rsqrt(var + 0.00001), axis=1, n=BC) * bcast(g, axis=0, n=BR)
    store Y[block.x * BR : +BR, 0 : +BC], y masked
