kernel r06_inplace_where_partial(X: f32[N], Y: f32[N]):
    assume N % 32 == 0
    grid N / 32
    threads 32
    tag X[i] = (idx=i)
    tag Y[i] = (idx=range(i - 1, i + 1)) if i % 32 != 0
    s0 = shared f32[32]
    copy s0[0 : +32], X[block.x * 32 : +32]
    barrier
    y = load s0[1 : +31]
    b = load s0[0 : +31]
    y = where(index(y, axis=0) > 5, y + b, y)
    assert tag(y[j]).idx == range(block.x * 32 + j, block.x * 32 + j + 2)
    z = zeros f32[1]
    store Y[block.x * 32 : +1], z
    store Y[block.x * 32 + 1 : +31], y
