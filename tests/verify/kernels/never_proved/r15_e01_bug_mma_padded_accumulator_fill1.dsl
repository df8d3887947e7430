# Y[r] = sum_j (A @ B + BIAS')[r, j] over 64 columns, where BIAS' is the 40-column bias BIAS
# extended with zeros. The bias is loaded as the mma's accumulator, masked past column 40 but
# with fill 1.0: 24 ones per row are added to the product and reach the row sum.
kernel e01_bug_mma_padded_accumulator_fill1(A: f16[R, 32], B: f16[32, 64], BIAS: f32[R, 40], Y: f32[R]):
    assume R % 32 == 0
    grid (R / 32)
    threads 128
    tag A[i, k] = (row=i, k=k)
    tag B[k, j] = (k=k, col=j)
    tag BIAS[i, j] = (row=i, col=j)
    tag Y[i] = (row=i)
    a = load A[block.x * 32 : +32, 0 : +32]
    b = load B[0 : +32, 0 : +64]
    c = load BIAS[block.x * 32 : +32, 0 : +64] masked(fill=1.0)
    acc = mma(a, b, c)
    s = sum(acc, axis=1)
    store Y[block.x * 32 : +32], s
