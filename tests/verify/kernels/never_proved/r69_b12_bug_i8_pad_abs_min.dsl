# BUG: i8 padding -128: abs(-128) is -128 in i8, so minimum(abs(m), 5) plus 1 is -127, not the else value 6
kernel b12_bug(S: i8[T, T], P: i8[T, T]):
    assume T % 32 == 0
    grid (T / 32, T / 32)
    threads 128
    tag S[i, j] = (row=i, col=j)
    tag P[i, j] = (row=i, col=j) if j <= i else 6
    s = load S[block.x * 32 : +32, block.y * 32 : +32]
    m = mask(s, block.y * 32 + index(s, axis=1) <= block.x * 32 + index(s, axis=0), fill=-128)
    c = minimum(abs(m), 5) + 1
    store P[block.x * 32 : +32, block.y * 32 : +32], c
