# Held-out round 51: the next batch's length is read only where block.x + 1 < B (the short
# circuit of `and` in the where condition); the last block reads nothing past LEN.
kernel next_length_short_circuit(X: f32[B, 64], LEN: i32[B], Y: f32[B, 64]):
    assume B >= 1
    assume LEN[b] >= 0 and LEN[b] <= 64
    grid (B)
    threads 64
    tag X[b, c] = (row=b, col=c)
    tag Y[b, c] = (row=b, col=c)
    x = load X[block.x : +1, 0 : +64]
    y = where(block.x + 1 < B and index(x, axis=1) < LEN[block.x + 1], x * 2.0, x)
    store Y[block.x : +1, 0 : +64], y
