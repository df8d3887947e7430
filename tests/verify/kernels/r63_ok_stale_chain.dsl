# u = (ID + 0) * 2 computed before t is recomputed from ID2; mask by u > 0
kernel stale_chain_ok(X: f32[R, 64], ID: i32[R], ID2: i32[R], Y: f32[R, 64]):
    assume R % 4 == 0
    assume ID[r] > -1000 and ID[r] < 1000 and ID2[r] > -1000 and ID2[r] < 1000
    const BR, C = 4, 64
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r, col=c) if ID[r] > 0
    x = load X[block.x * BR : +BR, 0 : +C]
    a = load ID[block.x * BR : +BR]
    b = load ID2[block.x * BR : +BR]
    t = a + 0
    u = t * 2
    t = b + 0
    y = mask(x, bcast(u, axis=1, n=C) > 0, fill=0.0)
    store Y[block.x * BR : +BR, 0 : +C], y
