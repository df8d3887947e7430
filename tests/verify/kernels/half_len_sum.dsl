# The first LEN[b] / 2 tokens: a truncating division by a constant in the mask's condition is
# followed exactly (it was a free choice per element, and the claim was refuted).
kernel half_len_sum(X: f32[B, 64, D], LEN: i32[B], P: f32[B, D]):
    assume D % 32 == 0
    assume LEN[b] >= 2 and LEN[b] <= 128
    const T, BD = 64, 32
    grid (B, D / BD)
    threads 128
    tag X[b, t, d] = (seq=b, tok=t, feat=d)
    tag P[b, d] = (seq=b, feat=d)
    x = load X[block.x, 0 : +T, block.y * BD : +BD]
    ln = load LEN[block.x : +1]
    lt = bcast(reshape(bcast(ln, axis=0, n=T), shape=(T)), axis=1, n=BD)
    xv = mask(x, index(x, axis=0) < lt / 2, fill=0.0)
    s = sum(xv, axis=0)
    assert covers(tag(s[j]).tok, 0, LEN[block.x] / 2) and tag(s[j]).feat == block.y * BD + j
    store P[block.x, block.y * BD : +BD], s
