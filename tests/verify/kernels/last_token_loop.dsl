# Sums tokens 0..LAST[b] (all 64 for LAST[b] >= 63) in a loop whose bound reads LAST: the
# element read is lowered in int64, as the verifier's integers are unbounded (on the
# simulator a NumPy int32 scalar wrapped LAST[b] + 1 for LAST[b] = 2^31 - 1).
kernel last_token_loop(X: f32[B, 64, 32], LAST: i32[B], P: f32[B, 32]):
    assume LAST[b] >= 0
    grid (B)
    threads 32
    tag X[b, t, d] = (seq=b, tok=t, feat=d)
    tag P[b, d] = (seq=b, feat=d)
    acc = zeros f32[1, 32]
    for k in range(min(LAST[block.x] + 1, 64)):
        x = load X[block.x, k : +1, 0 : +32]
        acc = acc + x
    assert tag(acc[0, j]).tok == range(0, min(LAST[block.x] + 1, 64))
    store P[block.x : +1, 0 : +32], acc
