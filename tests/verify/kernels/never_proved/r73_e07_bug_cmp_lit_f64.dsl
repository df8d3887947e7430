# BUG: a comparison's operands are evaluated with the math type BOOL (pad_values.math_type of a
# comparison), so literal_in rounds the literal to f32: `m < 16777217.0` of f64 padding 16777216.0
# is 16777216 < 16777216, false, to the verifier; the lowering compares in f64: true, so c = 1.0
# where the tag wants zeros (j > i)
kernel e07_bug(S: f64[T, T], P: f64[T, T]):
    assume T % 32 == 0
    grid (T / 32, T / 32)
    threads 128
    tag S[i, j] = (row=i, col=j)
    tag P[i, j] = (row=i, col=j) if j <= i
    s = load S[block.x * 32 : +32, block.y * 32 : +32]
    m = mask(s, block.y * 32 + index(s, axis=1) <= block.x * 32 + index(s, axis=0), fill=16777216.0)
    c = where(m < 16777217.0, s, 0.0)
    store P[block.x * 32 : +32, block.y * 32 : +32], c
