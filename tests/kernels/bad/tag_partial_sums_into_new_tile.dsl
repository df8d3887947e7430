# Split-K by hand: two partial accumulators over the two halves of D, then their sum into a
# new tile. Elementwise math pairs the records of its operands, so `s = lo + hi` holds
# pairs of k-contributions, not the range 0..D; `lo = lo + hi` (in place) accumulates.
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
    s = lo + hi
    assert tag(s[i, j]).d == range(0, D)  #! error[TAG]
    store Out[block.x * TM : +TM, block.y * TF : +TF], s
