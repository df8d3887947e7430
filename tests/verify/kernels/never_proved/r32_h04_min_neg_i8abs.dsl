kernel h04_min_neg_i8abs(X: f32[R, C], W: f32[R]):
    assume R % 4 == 0 and C >= 1 and C <= 64
    grid R / 4
    threads 256
    a = load X[block.x * 4 : +4, 0 : +64] masked(fill=0.0)
    m = min(-cast(abs(cast(a, i8)), f32), axis=1)
    store W[block.x * 4 : +4], m
