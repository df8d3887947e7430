kernel r16_inplace_plus_where_literal(X: f32[N], Y: f32[N]):
    assume N % 32 == 0
    grid N / 32
    threads 32
    tag X[i] = (idx=i)
    tag Y[i] = (idx=range(i - 1, i + 1)) if i % 32 != 0
    y = load X[block.x * 32 + 1 : +31]
    b = load X[block.x * 32 : +31]
    y = y + where(index(y, axis=0) > 5, b, 0.0)
    z = zeros f32[1]
    store Y[block.x * 32 : +1], z
    store Y[block.x * 32 + 1 : +31], y
