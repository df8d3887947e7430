# BUG: t = maximum(f, ct * 50) of an i8 tile wraps at ct = 3 (150 -> -106): that column tile is dropped
kernel max_kt_bug(X: f32[R, C], FL: i8[R], Y: f32[R, C]):
    assume R % 4 == 0 and C % 64 == 0
    const BR, BC = 4, 64
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r, col=c)
    f = load FL[block.x * BR : +BR]
    for ct in range(C / BC):
        t = maximum(f, ct * 50)
        x = load X[block.x * BR : +BR, ct * BC : +BC]
        y = mask(x, bcast(t, axis=1, n=BC) >= 0, fill=0.0)
        store Y[block.x * BR : +BR, ct * BC : +BC], y  #! error[TAG]
