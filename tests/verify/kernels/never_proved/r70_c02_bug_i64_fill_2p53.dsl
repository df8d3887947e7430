# BUG: the i64 fill 2^53 + 1 is taken as the float 2^53, the `else` value: the padding stored is 2^53 + 1
kernel c02_bug(S: i64[T, T], P: i64[T, T]):
    assume T % 32 == 0
    grid (T / 32, T / 32)
    threads 128
    tag S[i, j] = (row=i, col=j)
    tag P[i, j] = (row=i, col=j) if j <= i else 9007199254740992
    s = load S[block.x * 32 : +32, block.y * 32 : +32]
    m = mask(s, block.y * 32 + index(s, axis=1) <= block.x * 32 + index(s, axis=0), fill=9007199254740993)
    store P[block.x * 32 : +32, block.y * 32 : +32], m
