# Held-out round 124: a softmax rewritten under a condition on the thread and the iteration
# (m's owners, threads 0-3, skip iteration 1: p underflows, l = 0, y's padding is 0/0 = NaN;
# the interpreter: TAG at line 20). Its stored value has 1248 x 6242 possible tag records;
# building them ran past any --timeout (encode/tagval.MAX_PRODUCT: unknown in ~20 s).
kernel sm_stale_m2(X: f32[R, 48], Y: f32[R, 64]):
    assume R % 8 == 0
    const BR, BC = 4, 64
    grid (R / 8)
    threads 256
    tag X[r, c] = (g=r / 8)
    tag Y[r, c] = (g=r / 8) if c < 48
    y = zeros f32[BR, BC]
    for kt in range(2):
        x = load X[block.x * 8 + kt * BR : +BR, 0 : +BC] masked(fill=-inf)
        if kt == 0 or thread.x >= 4:
            s = x - 1000.0 * kt
            m = max(s, axis=1)
            p = exp(s - bcast(m, axis=1, n=BC))
            l = sum(p, axis=1) layout ((64, 4), 1):((4, 1), 0)
            y = p / bcast(l, axis=1, n=BC)
        store Y[block.x * 8 + kt * BR : +BR, 0 : +BC], y
