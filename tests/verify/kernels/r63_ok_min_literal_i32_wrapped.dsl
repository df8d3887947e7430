# CORRECT by the real semantics: t = minimum(i, -3000000000) stored into the i32 tile t holds 1294967296, so no row is kept, as the tag says (no row has ID < -3e9)
kernel min_lit_wrapped(X: f32[R, 64], ID: i32[R], Y: f32[R, 64]):
    assume R % 4 == 0
    const BR, C = 4, 64
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r, col=c) if ID[r] < 0 - 3000000000
    x = load X[block.x * BR : +BR, 0 : +C]
    i = load ID[block.x * BR : +BR]
    t = minimum(i, -3000000000)
    y = mask(x, bcast(t, axis=1, n=C) < 0, fill=0.0)
    store Y[block.x * BR : +BR, 0 : +C], y
