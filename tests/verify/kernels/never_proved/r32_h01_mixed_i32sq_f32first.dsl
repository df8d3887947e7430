kernel h01_mixed_i32sq_f32first(X: f32[R, 64], Y: i32[R, 64], W: f32[R]):
    assume R % 4 == 0
    grid R / 4
    threads 256
    a = load X[block.x * 4 : +4, 0 : +64]
    b = load Y[block.x * 4 : +4, 0 : +64]
    m = max(mask(maximum(a, cast(b * b, f32)), index(a, axis=1) < 32, fill=0.0), axis=1)
    store W[block.x * 4 : +4], m
