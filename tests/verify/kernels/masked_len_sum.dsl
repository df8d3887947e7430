# Sums of the valid tokens of padded sequences: sequence b has LEN[b] valid tokens of 64,
# P[b, d] = sum over t < LEN[b] of X[b, t, d]. The mask compares each token's index with the
# length loaded into a register tile and broadcast: the verifier follows that tile's value
# back to the input (LEN[b], which the `assume` bounds) instead of taking the mask's
# condition as unknown data (the coverage claim was refuted with a token the mask drops).
kernel masked_len_sum(X: f32[B, 64, D], LEN: i32[B], P: f32[B, D]):
    assume D % 32 == 0
    assume LEN[b] >= 1 and LEN[b] <= 64
    const T, BD = 64, 32
    grid (B, D / BD)
    threads 128
    tag X[b, t, d] = (seq=b, tok=t, feat=d)
    tag P[b, d] = (seq=b, feat=d)
    x = load X[block.x, 0 : +T, block.y * BD : +BD]
    ln = load LEN[block.x : +1]
    lt = bcast(reshape(bcast(ln, axis=0, n=T), shape=(T)), axis=1, n=BD)
    xv = mask(x, index(x, axis=0) < lt, fill=0.0)
    s = sum(xv, axis=0)
    assert covers(tag(s[j]).tok, 0, LEN[block.x]) and tag(s[j]).feat == block.y * BD + j
    store P[block.x, block.y * BD : +BD], s
