# BUG: the int literal 16777217 in f32 tile math is float32(16777217) = 16777216.0 in the lowering;
# the padding evaluator keeps it exact (IntLit -> float(c)), so at the padding
# maximum(0.0, 16777217) - 16777216 - 1 is 0.0 to it (real: -1.0)
kernel d01_bug(S: f32[T, T], P: f32[T, T]):
    assume T % 32 == 0
    grid (T / 32, T / 32)
    threads 128
    tag S[i, j] = (row=i, col=j)
    tag P[i, j] = (row=i, col=j) if j <= i
    s = load S[block.x * 32 : +32, block.y * 32 : +32]
    m = mask(s, block.y * 32 + index(s, axis=1) <= block.x * 32 + index(s, axis=0), fill=0.0)
    c = maximum(m, 16777217) - 16777216 - 1
    store P[block.x * 32 : +32, block.y * 32 : +32], c
