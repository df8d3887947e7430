# NIT damped iterations y <- 0.5 y + 1 on each element of a 200-column row (held in a 256 tile),
# then the row sum. Double-buffered registers a/b: the 0.0 padding of the masked load becomes
# 1.0 after the first iteration and reaches the sum (expected TAG at the sum).
kernel a03_bug_pingpong_loop(X: f32[R, 200], Y: f32[R]):
    assume R % 4 == 0
    const BR, BC, NIT = 4, 256, 3
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r)
    a = load X[block.x * BR : +BR, 0 : +BC] masked(fill=0.0)
    b = zeros f32[BR, BC]
    for it in range(NIT):
        b = a * 0.5 + 1.0
        a = b
    s = sum(a, axis=1)
    store Y[block.x * BR : +BR], s
