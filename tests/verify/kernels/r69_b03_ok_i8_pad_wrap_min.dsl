# OK: i8 padding 60 doubled is 120, in range; minimum(120, 0) is 0
kernel b03_ok(S: i8[T, T], P: i8[T, T]):
    assume T % 32 == 0
    grid (T / 32, T / 32)
    threads 128
    tag S[i, j] = (row=i, col=j)
    tag P[i, j] = (row=i, col=j) if j <= i
    s = load S[block.x * 32 : +32, block.y * 32 : +32]
    m = mask(s, block.y * 32 + index(s, axis=1) <= block.x * 32 + index(s, axis=0), fill=60)
    c = minimum(m + m, 0)
    store P[block.x * 32 : +32, block.y * 32 : +32], c
