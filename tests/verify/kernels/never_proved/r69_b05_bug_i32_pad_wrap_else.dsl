# BUG: i32 padding 2^30 doubled wraps to -2^31; minimum(-2^31, 5) + 7 is -2^31 + 7, not the else value 12
kernel b05_bug(S: i32[T, T], P: i32[T, T]):
    assume T % 32 == 0
    grid (T / 32, T / 32)
    threads 128
    tag S[i, j] = (row=i, col=j)
    tag P[i, j] = (row=i, col=j) if j <= i else 12
    s = load S[block.x * 32 : +32, block.y * 32 : +32]
    m = mask(s, block.y * 32 + index(s, axis=1) <= block.x * 32 + index(s, axis=0), fill=1073741824)
    c = minimum(m + m, 5) + 7
    store P[block.x * 32 : +32, block.y * 32 : +32], c
