# LAST[b] is the index of sequence b's last valid token; any value >= 63 means all 64. The
# mask keeps t < LAST[b] + 1, computed in an i32 tile: LAST[b] = 2^31 - 1 wraps to -2^31
# and the row keeps no token. Was proved (the verifier read the sum unbounded); now the
# value outside the i32 range is unknown and the claim is refuted.
kernel last_token_plus_one(X: f32[B, 64, 32], LAST: i32[B], P: f32[B, 32]):
    assume LAST[b] >= 0
    const T, BD = 64, 32
    grid (B)
    threads 128
    tag X[b, t, d] = (seq=b, tok=t, feat=d)
    tag P[b, d] = (seq=b, feat=d)
    x = load X[block.x, 0 : +T, 0 : +BD]
    ln = load LAST[block.x : +1]
    l1 = ln + 1
    lt = bcast(reshape(bcast(l1, axis=0, n=T), shape=(T)), axis=1, n=BD)
    xv = mask(x, index(x, axis=0) < lt, fill=0.0)
    s = sum(xv, axis=0)
    assert covers(tag(s[j]).tok, 0, min(LAST[block.x] + 1, 64))
    store P[block.x, 0 : +BD], s
