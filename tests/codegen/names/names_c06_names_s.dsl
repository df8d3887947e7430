kernel c06_names_s(X: f32[R, 1024], W: f32[R, 8192], Y: f32[R, 1024], V: f32[R, 8192]):
    assume R % 4 == 0
    const BR, C = 4, 1024
    grid (R / BR)
    threads 256
    x = load X[block.x * BR : +BR, 0 : +C]
    m__s = load W[block.x * BR : +BR, 0 : +8192]
    m = max(x, axis=1)
    y = x - bcast(m, axis=1, n=C)
    store Y[block.x * BR : +BR, 0 : +C], y
    store V[block.x * BR : +BR, 0 : +8192], m__s
