# Y = (sum over 2 slices of (A[kt] + 0.25)) @ B, with A's slices 40 columns wide read in 64-wide
# k tiles (fill 0.0) and B 64 rows deep. The summed operand is a zero-started accumulator with
# two in-place updates per slice, acc = acc + a, then acc = acc + 0.125 (the bias): the bias lands
# on the 24 padding columns (0.25 after two slices), which meet B's rows 40..63 in the mma.
kernel e04_bug_zero_acc_bias_into_mma(A: f32[2, M, 40], B: f16[64, 32], Y: f32[M, 32]):
    assume M % 32 == 0
    grid (M / 32)
    threads 128
    tag A[t, i, k] = (slice=t, row=i, k=k)
    tag B[k, j] = (k=k, col=j)
    tag Y[i, j] = (row=i, col=j)
    acc = zeros f32[32, 64]
    for kt in range(2):
        a = load A[kt, block.x * 32 : +32, 0 : +64] masked(fill=0.0)
        acc = acc + a
        acc = acc + 0.125
    ah = cast(acc, f16)
    b = load B[0 : +64, 0 : +32]
    z = zeros f32[32, 32]
    y = mma(ah, b, z)
    store Y[block.x * 32 : +32, 0 : +32], y
