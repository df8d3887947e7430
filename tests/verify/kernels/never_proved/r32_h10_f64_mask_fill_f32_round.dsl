kernel h10_f64_mask_fill_f32_round(X: f64[R, 64], W: f64[R]):
    assume R % 4 == 0
    grid R / 4
    threads 256
    a = load X[block.x * 4 : +4, 0 : +64]
    m = max(maximum(cast(mask(cast(a, f32), index(a, axis=1) < 32, fill=16777219.0), f64), 16777219.0), axis=1)
    store W[block.x * 4 : +4], m
