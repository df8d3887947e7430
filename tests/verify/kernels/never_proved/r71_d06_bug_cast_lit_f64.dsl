# BUG: value_at evaluates the literal inside cast(16777217.0, f64) as math of type f64 (math_type of
# a Cast is its target type, passed down as the operand's `within`), so it is 16777217.0 exactly; the
# lowering computes the operand in f32 (expr_dtype of a FloatLit is F32): float64(float32(16777217.0))
# = 16777216.0. At the padding c is 0.0 to the verifier, -1.0 really (zeros due where j > i)
kernel d06_bug(S: f64[T, T], P: f64[T, T]):
    assume T % 32 == 0
    grid (T / 32, T / 32)
    threads 128
    tag S[i, j] = (row=i, col=j)
    tag P[i, j] = (row=i, col=j) if j <= i
    s = load S[block.x * 32 : +32, block.y * 32 : +32]
    m = mask(s, block.y * 32 + index(s, axis=1) <= block.x * 32 + index(s, axis=0), fill=0.0)
    c = maximum(m, cast(16777217.0, f64)) - 16777216.0 - 1.0
    store P[block.x * 32 : +32, block.y * 32 : +32], c
