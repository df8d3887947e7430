# Y[r, j] = max over the C <= 4 channels of X[c, r, j]; the channel loop runs 4 times with masked
# loads filled 0.0 (should be -inf): with negative data the max of a missing channel (0.0) wins.
kernel i07_bug_channel_index_max_fill0(X: f32[C, R, 64], Y: f32[R, 64]):
    assume R % 4 == 0 and C >= 1 and C <= 4
    const BR = 4
    grid (R / BR)
    threads 128
    tag X[c, r, j] = (ch=c, row=r, col=j)
    tag Y[r, j] = (row=r, col=j)
    m = load X[0, block.x * BR : +BR, 0 : +64]
    for c in range(1, 4):
        x = load X[c, block.x * BR : +BR, 0 : +64] masked(fill=0.0)
        m = maximum(m, x)
    store Y[block.x * BR : +BR, 0 : +64], m
