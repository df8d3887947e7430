kernel c11_vprefix(X: f32[R, 64], Y: f32[R, 64], Z: f32[R, 64]):
    assume R % 2 == 0
    grid (R / 2)
    threads 64
    x = load X[block.x * 2 : +2, 0 : +64]
    _a = x * 2.0
    v__a = x * 3.0
    store Y[block.x * 2 : +2, 0 : +64], _a
    store Z[block.x * 2 : +2, 0 : +64], v__a
