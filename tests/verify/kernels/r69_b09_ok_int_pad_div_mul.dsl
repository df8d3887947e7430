# OK: i32 padding 8: m / 2 * 2 is 8, the else value
kernel b09_ok(S: i32[T, T], P: i32[T, T]):
    assume T % 32 == 0
    grid (T / 32, T / 32)
    threads 128
    tag S[i, j] = (row=i, col=j)
    tag P[i, j] = (row=i, col=j) if j <= i else 8
    s = load S[block.x * 32 : +32, block.y * 32 : +32]
    m = mask(s, block.y * 32 + index(s, axis=1) <= block.x * 32 + index(s, axis=0), fill=8)
    c = m / 2 * 2
    store P[block.x * 32 : +32, block.y * 32 : +32], c
