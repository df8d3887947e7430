# x loaded with fill 0.0, doubled in place, then summed by rows: 0.0 * 2.0 keeps the padding
# neutral, so the sum proves (the padding of an in-place update of a loaded tile is followed
# through the update; never_proved/c05_inplace_repad.dsl adds 1.0 there and is refuted).
kernel inplace_scale_masked_sum(X: f32[R, 200], Y: f32[R]):
    assume R % 4 == 0
    const BR, BC = 4, 256
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r, col=range(0, 200))
    x = load X[block.x * BR : +BR, 0 : +BC] masked(fill=0.0)
    x = x * 2.0
    s = sum(x, axis=1)
    store Y[block.x * BR : +BR], s
