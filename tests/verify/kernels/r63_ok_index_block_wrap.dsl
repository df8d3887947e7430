# one block (R <= 4): t = index + 0 stays inside i32, every row kept
kernel idx_blk_ok(X: f32[R, 64], Y: f32[R, 64]):
    assume R % 4 == 0 and R <= 4
    const BR, C = 4, 64
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r, col=c)
    x = load X[block.x * BR : +BR, 0 : +C]
    z = zeros i32[BR]
    t = index(z, axis=0) + block.x * 1500000000
    y = mask(x, bcast(t, axis=1, n=C) >= 0, fill=0.0)
    store Y[block.x * BR : +BR, 0 : +C], y
