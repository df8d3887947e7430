# The triangular accumulator of triangular_accumulator_plus through a reshape and back: block
# 0's reshaped copy holds no data, so its output is X alone. Sibling
# tests/kernels/bad/soundness_empty_accumulator_reshape_wrong_row.dsl.
kernel tri_reshape(A: f32[R, R], V: f32[R, 16], X: f32[R, 16], O: f32[R, 16]):
    assume R % 16 == 0 and R >= 32
    grid (R / 16)
    threads 32
    tag A[r, c] = (row=r, k=c)
    tag V[r, c] = (k=r, col=c)
    tag X[r, c] = (row=r, col=c)
    tag O[r, c] = (row=r)
    acc = zeros f32[16, 16]
    for kt in range(block.x):
        a = load A[block.x * 16 : +16, kt * 16 : +16]
        p = a * bcast(sum(a, axis=1), axis=1, n=16)
        v = load V[kt * 16 : +16, 0 : +16]
        assert tag(a[i, kk]).k == tag(v[kk, j]).k
        acc = mma(p, v, acc)
    assert tag(acc[i, j]).k < block.x * 16 and tag(acc[i, j]).row == block.x * 16 + i
    assert covers(tag(acc[i, j]).k, 0, block.x * 16)
    x = load X[block.x * 16 : +16, 0 : +16]
    t = reshape(reshape(acc, shape=(8, 32)), shape=(16, 16))
    o = t + x
    store O[block.x * 16 : +16, 0 : +16], o
