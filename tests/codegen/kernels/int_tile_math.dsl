# Integer tile math, each line a held-out kernel whose lowering disagreed with the
# interpreter and NumPy while the kernel was proved: `x / 7` of an i32 tile was Python's
# float division, so `cast(f * 100.0, i32) - x / 7` kept the fraction until the store
# truncated it (46 - 0.71 stored 45); `x * 0.5` lowered the literal as int32(0.5) = 0;
# `max(x, axis=1)` of an i32 tile started from int32(-math.inf) and faulted.
kernel int_tile_math(X: i32[R, 32], F: f32[R, 32], Y: i32[R, 32], Z: f32[R, 32], M: i32[R]):
    grid (R)
    threads 32
    x = load X[block.x : +1, 0 : +32]
    f = load F[block.x : +1, 0 : +32]
    y = cast(f * 100.0, i32) - x / 7 + x * 0.5
    z = cast(x / 4 * 4, f32) + cast(x, f32) / 2.0
    m = max(x, axis=1) - min(x, axis=1)
    store Y[block.x : +1, 0 : +32], y
    store Z[block.x : +1, 0 : +32], z
    store M[block.x : +1], m
