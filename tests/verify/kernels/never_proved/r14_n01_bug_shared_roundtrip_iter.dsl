# NIT = 2 damped iterations y <- 0.5 y + 1 of each element of a 200-column row kept in shared
# memory (256 wide, masked load fill 0.0), then the row sum: after the first iteration the padding
# columns hold 1.0 and reach the sum.
kernel n01_bug_shared_roundtrip_iter(X: f32[R, 200], Y: f32[R]):
    assume R % 4 == 0
    const BR, BC = 4, 256
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r)
    sx = shared f32[BR, BC]
    x = load X[block.x * BR : +BR, 0 : +BC] masked(fill=0.0)
    store sx[0 : +BR, 0 : +BC], x
    barrier
    for it in range(2):
        y = load sx[0 : +BR, 0 : +BC]
        y2 = y * 0.5 + 1.0
        barrier
        store sx[0 : +BR, 0 : +BC], y2
        barrier
    z = load sx[0 : +BR, 0 : +BC]
    s = sum(z, axis=1)
    store Y[block.x * BR : +BR], s
