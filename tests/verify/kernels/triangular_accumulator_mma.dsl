# The triangular accumulator of triangular_accumulator_plus as an mma operand: block 0's
# accumulator holds no data, so its product with W carries W's records (the right columns).
# Sibling tests/kernels/bad/soundness_empty_accumulator_mma_operand.dsl.
kernel tri_mma_ok(A: f32[R, R], V: f32[R, 16], W: f32[16, 32], O: f32[R, 16]):
    assume R % 16 == 0 and R >= 32
    grid (R / 16)
    threads 32
    tag A[r, c] = (row=r, k=c)
    tag V[r, c] = (k=r)
    tag W[r, c] = (col=c)
    tag O[r, c] = (col=c)
    acc = zeros f32[16, 16]
    for kt in range(block.x):
        a = load A[block.x * 16 : +16, kt * 16 : +16]
        p = a * bcast(sum(a, axis=1), axis=1, n=16)
        v = load V[kt * 16 : +16, 0 : +16]
        acc = mma(p, v, acc)
    w = load W[0 : +16, 0 : +16]
    z = zeros f32[16, 16]
    o = mma(acc, w, z)
    store O[block.x * 16 : +16, 0 : +16], o
