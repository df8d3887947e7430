# Every block updates the accumulator at every tile (kt < block.x + R always holds), under an
# `if`. o = acc * 2.0 was refuted with "o holds a value no input reaches (constants only)",
# which is false (the concrete interpreter did not reproduce it); then it was unknown, the
# guarded updates not counted. The iterations where the condition holds are now counted in
# closed form (R / 16 of them, encode/iterations.py), so o holds records and the kernel
# proves (issue 17). guarded_accumulator_uncounted.dsl keeps a condition that is not counted.
kernel guarded_accumulator_scaled(A: f32[R, R], V: f32[R, 16], X: f32[R, 16], O: f32[R, 16]):
    assume R % 16 == 0 and R >= 32
    grid (R / 16)
    threads 32
    tag A[r, c] = (row=r, k=c)
    tag V[r, c] = (k=r, col=c)
    tag X[r, c] = (row=r, col=c)
    tag O[r, c] = (row=r)
    acc = zeros f32[16, 16]
    for kt in range(R / 16):
        a = load A[block.x * 16 : +16, kt * 16 : +16]
        p = a * bcast(sum(a, axis=1), axis=1, n=16)
        v = load V[kt * 16 : +16, 0 : +16]
        assert tag(a[i, kk]).k == tag(v[kk, j]).k
        if kt < block.x + R:
            acc = mma(p, v, acc)
    assert tag(acc[i, j]).row == block.x * 16 + i
    x = load X[block.x * 16 : +16, 0 : +16]
    o = acc * 2.0
    assert tag(o[i, j]).row == block.x * 16 + i
    store O[block.x * 16 : +16, 0 : +16], o
