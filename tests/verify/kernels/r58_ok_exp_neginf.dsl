# Held-out round 58: exp of a where whose dropped side is -inf stores 0.0 where the tag
# function's condition fails (each side of the where through exp; it was unknown).
kernel keep_rows(X: f32[R, 64], ID: i32[R], Y: f32[R, 64]):
    assume R % 4 == 0
    const BR, C = 4, 64
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r, col=c) if ID[r] >= 0
    x = load X[block.x * BR : +BR, 0 : +C]
    idv = load ID[block.x * BR : +BR]
    ib = bcast(idv, axis=1, n=C)
    w = where(ib >= 0, x, -inf)
    y = exp(w)
    store Y[block.x * BR : +BR, 0 : +C], y
