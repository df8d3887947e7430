# BUG: i32 padding 7: m / 2 * 2 is 6 (integer division truncates), not the else value 7
kernel b09_bug(S: i32[T, T], P: i32[T, T]):
    assume T % 32 == 0
    grid (T / 32, T / 32)
    threads 128
    tag S[i, j] = (row=i, col=j)
    tag P[i, j] = (row=i, col=j) if j <= i else 7
    s = load S[block.x * 32 : +32, block.y * 32 : +32]
    m = mask(s, block.y * 32 + index(s, axis=1) <= block.x * 32 + index(s, axis=0), fill=7)
    c = m / 2 * 2
    store P[block.x * 32 : +32, block.y * 32 : +32], c
