# Tile math reads single elements of integer inputs only (a length, an offset); a float
# input's element is data with records: load a tile of it.
kernel scale_rows(X: f32[R, 64], S: f32[R], Y: f32[R, 64]):
    assume R % 4 == 0
    const BR = 4
    grid (R / BR)
    threads 64
    x = load X[block.x * BR : +BR, 0 : +64]
    y = x * S[block.x * BR]  #! error[E021]
    store Y[block.x * BR : +BR, 0 : +64], y
