# Held-out round 81: padding meets a function of finite data outside its domain (log or rsqrt
# of 0.0, sqrt of a negative, a remainder by 0.0, pow of 0.0 to a negative power).
# RMSNorm without eps into a column-padded buffer: Y[r, c] = X[r, c] * rsqrt(mean over c' < C of
# X[r, c']^2) for c < C, zeros for C <= c < 64 (tag).
kernel rms_nopad_eps(X: f32[R, C], Y: f32[R, 64]):
    assume R % 4 == 0 and C >= 1 and C <= 64
    grid (R / 4)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r) if c < C
    x = load X[block.x * 4 : +4, 0 : +64] masked(fill=0.0)
    ms = sum(x * x, axis=1) / C
    y = x * bcast(rsqrt(ms), axis=1, n=64)
    store Y[block.x * 4 : +4, 0 : +64], y
