# Y[r] = sum over 2 slices and 200 columns of (X[kt, r, c] + 0.5), in a 256-wide tile (fill 0.0).
# The accumulator starts at zeros and takes two in-place updates per slice: acc = acc + x, then
# acc = acc + 0.5 (the bias). The bias lands on the 56 padding columns too (1.0 each after two
# slices), and the row sum counts them.
kernel e03_bug_zero_acc_second_update_bias(X: f32[2, R, 200], Y: f32[R]):
    assume R % 4 == 0
    const BR, BC = 4, 256
    grid (R / BR)
    threads 128
    tag X[t, r, c] = (slice=t, row=r, col=c)
    tag Y[r] = (row=r)
    acc = zeros f32[BR, BC]
    for kt in range(2):
        x = load X[kt, block.x * BR : +BR, 0 : +BC] masked(fill=0.0)
        acc = acc + x
        acc = acc + 0.5
    s = sum(acc, axis=1)
    store Y[block.x * BR : +BR], s
