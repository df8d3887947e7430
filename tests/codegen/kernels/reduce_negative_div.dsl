# Reductions of quotients whose rows are all negative: `max(x / 2.0)` is a float reduction and
# `max(k / 3)` of an i32 tile an int64 one; a start from int64(0) (an earlier lowering took
# any quotient for an integer sum) would sit above every value of the row.
kernel reduce_negative_div(X: f32[R, 32], K: i32[R, 32], F: f32[R], I: i32[R], L: i32[R]):
    grid (R)
    threads 32
    x = load X[block.x : +1, 0 : +32]
    k = load K[block.x : +1, 0 : +32]
    f = max(x / 2.0, axis=1)
    i = cast(max(k / 3, axis=1), i32)
    l = cast(min(0 - k / 3, axis=1), i32)
    store F[block.x : +1], f
    store I[block.x : +1], i
    store L[block.x : +1], l
