# Y[r] = sum over the C <= 4 channels and 64 columns of X[c, r, :]. The channel loop runs 4 times
# and loads each channel masked with fill 0.0: a channel past C adds nothing.
kernel i02_ok_channel_index_fill0(X: f32[C, R, 64], Y: f32[R]):
    assume R % 4 == 0 and C >= 1 and C <= 4
    const BR = 4
    grid (R / BR)
    threads 128
    tag X[c, r, j] = (ch=c, row=r, col=j)
    tag Y[r] = (row=r)
    s = zeros f32[BR]
    for c in range(4):
        x = load X[c, block.x * BR : +BR, 0 : +64] masked(fill=0.0)
        s = s + sum(x, axis=1)
    store Y[block.x * BR : +BR], s
