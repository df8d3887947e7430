# BUG: fill_parts.reduced takes a row all 0.1 padding summed over 64 columns as 64 * 0.1f exactly
# (6.400000095367432, an f32 number, so rounding at assignment keeps it); the f32 sum rounds at each
# step (6.3999963 in order), so `t == 6.400000095367432` fails and the rows the tag wants zeros
# (i >= 16) hold 1.0
kernel e01_bug(S: f32[T, 64], P: f32[T]):
    assume T % 32 == 0
    grid (T / 32)
    threads 128
    tag S[i, j] = (row=i, col=j)
    tag P[i] = (row=i) if i < 16
    s = load S[block.x * 32 : +32, 0 : +64]
    m = mask(s, block.x * 32 + index(s, axis=0) < 16, fill=0.1)
    t = sum(m, axis=1)
    r = where(t == 6.400000095367432, 0.0, 1.0)
    store P[block.x * 32 : +32], r
