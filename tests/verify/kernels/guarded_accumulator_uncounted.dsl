# guarded_accumulator_scaled with the update under `kt * kt < R * R`, which also always holds
# but is not affine in kt: its iterations are not counted, so whether an update reached acc
# is a free choice, and the verdict says that this is not known (never "constants only", a
# choice is no witness; tests/kernels/bad/tag_gemm_gelu_first_ktile_skipped.dsl keeps the
# finding where no update runs at all).
kernel guarded_accumulator_uncounted(A: f32[R, R], V: f32[R, 16], X: f32[R, 16], O: f32[R, 16]):
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
        if kt * kt < R * R:
            acc = mma(p, v, acc)
    assert tag(acc[i, j]).row == block.x * 16 + i
    x = load X[block.x * 16 : +16, 0 : +16]
    o = acc * 2.0
    assert tag(o[i, j]).row == block.x * 16 + i
    store O[block.x * 16 : +16, 0 : +16], o
