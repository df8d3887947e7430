# BUG: as e07 for integers: `m < 16777217` of i32 padding 16777216 has its int literal rounded to
# f32 (math_type of the comparison is BOOL, and _value_at's IntLit case rounds for non-integer
# kinds): 16777216 < 16777216, false; the lowering compares the ints: true, so c = s where the
# tag wants zeros (j > i)
kernel e08_bug(S: i32[T, T], P: i32[T, T]):
    assume T % 32 == 0
    grid (T / 32, T / 32)
    threads 128
    tag S[i, j] = (row=i, col=j)
    tag P[i, j] = (row=i, col=j) if j <= i
    s = load S[block.x * 32 : +32, block.y * 32 : +32]
    m = mask(s, block.y * 32 + index(s, axis=1) <= block.x * 32 + index(s, axis=0), fill=16777216)
    c = where(m < 16777217, s, 0)
    store P[block.x * 32 : +32, block.y * 32 : +32], c
