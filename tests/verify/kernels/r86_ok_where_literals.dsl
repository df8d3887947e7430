# A where of two literals is an i32 (f32) tile, as the checker types it: `x + ..` of an i32
# tile wraps in i32, and 0.1 is f32's 0.1 (held-out round 86: the interpreter made them
# int64 and f64, the lowering i32 and f32)
kernel r86_ok_where_literals(X: i32[R, 32], H: f32[R, 32], B: i32[R, 32], A: i32[R, 32], C: i32[R, 32]):
    grid (R)
    threads 32
    x = load X[block.x : +1, 0 : +32]
    h = load H[block.x : +1, 0 : +32]
    b = (x + where(x > 5, 100, 0)) / 2
    a = cast((h + where(h > 0.5, 0.1, 0.3)) * 16777216.0, i32)
    c = x + where(x > 5, 7, 0)
    store B[block.x : +1, 0 : +32], b
    store A[block.x : +1, 0 : +32], a
    store C[block.x : +1, 0 : +32], c
