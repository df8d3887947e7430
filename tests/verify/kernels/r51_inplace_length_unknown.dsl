# Held-out round 51: a length the kernel decrements in place, read after a barrier by a mask in
# tile math; its value is no input's, so a witness that needs it is unknown, not a refutation.
kernel inplace_length_unknown(X: f32[B, 64], LEN: i32[B], Y: f32[B]):
    assume B >= 1
    assume LEN[b] >= 2 and LEN[b] <= 64
    grid (B)
    threads 64
    tag X[b, c] = (row=b, col=c)
    tag Y[b] = (row=b)
    l = load LEN[block.x : +1]
    l2 = l - 1
    store LEN[block.x : +1], l2
    barrier
    x = load X[block.x : +1, 0 : +64]
    xm = mask(x, index(x, axis=1) < LEN[block.x], fill=0.0)
    s = sum(xm, axis=1)
    store Y[block.x : +1], s
