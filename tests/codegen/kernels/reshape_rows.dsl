# Reshapes of register tiles: a 4 x 64 row tile seen as 16 x 16 (the same elements in
# row-major order; an assertion pins where each one comes from), back to 4 x 64 after
# math, and as 4 x 16 x 4 groups of four columns summed along the last axis.
kernel reshape_rows(X: f32[R, 64], Y: f32[R, 64], S: f32[R, 16]):
    assume R % 4 == 0
    const BR = 4
    grid (R / BR)
    threads 64
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r, col=c)
    tag S[r, q] = (row=r, col=range(q * 4, q * 4 + 4))
    x = load X[block.x * BR : +BR, 0 : +64]
    y = reshape(x, shape=(16, 16))
    assert tag(y[i, j]).row == block.x * BR + i / 4 and tag(y[i, j]).col == i % 4 * 16 + j
    z = reshape(y * 2.0, shape=(4, 64))
    store Y[block.x * BR : +BR, 0 : +64], z
    g = sum(reshape(x, shape=(4, 16, 4)), axis=2)
    store S[block.x * BR : +BR, 0 : +16], g
