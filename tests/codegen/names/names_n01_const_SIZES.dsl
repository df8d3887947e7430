# Name clash probe: a constant named SIZES used in the index math; Y = X * 2.
kernel n01_const_SIZES(X: f32[N], Y: f32[N]):
    assume N % 64 == 0
    const SIZES = 64
    grid (N / SIZES)
    threads 64
    tag X[i] = (i=i)
    tag Y[i] = (i=i)
    x = load X[block.x * SIZES : +SIZES]
    y = x * 2.0
    store Y[block.x * SIZES : +SIZES], y
