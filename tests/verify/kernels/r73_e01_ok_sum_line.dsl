# OK sibling: 0.125 padding sums exactly to 8.0 in f32
kernel e01_ok(S: f32[T, 64], P: f32[T]):
    assume T % 32 == 0
    grid (T / 32)
    threads 128
    tag S[i, j] = (row=i, col=j)
    tag P[i] = (row=i) if i < 16
    s = load S[block.x * 32 : +32, 0 : +64]
    m = mask(s, block.x * 32 + index(s, axis=0) < 16, fill=0.125)
    t = sum(m, axis=1)
    r = where(t == 8.0, 0.0, 1.0)
    store P[block.x * 32 : +32], r
