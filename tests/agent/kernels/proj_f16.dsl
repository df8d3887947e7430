# A projection Out = X @ Wt with fp16 inputs, written naively (not a proofs/ kernel): the
# rewrites must apply to it by structure alone.
kernel proj_f16(X: f16[T, D], Wt: f16[D, F], Out: f32[T, F]):
    assume T % 32 == 0 and F % 32 == 0 and D >= 1
    const TM, TF = 32, 32
    grid (T / TM, F / TF)
    threads 128
    tag X[t, d] = (tok=t, d=d)
    tag Wt[d, f] = (d=d, feat=f)
    tag Out[t, f] = (tok=t, feat=f)
    acc = zeros f32[TM, TF]
    for d in range(D):
        x = load X[block.x * TM : +TM, d : +1]
        w = load Wt[d : +1, block.y * TF : +TF]
        assert tag(x[i, 0]).d == tag(w[0, j]).d
        acc = mma(x, w, acc)
    assert tag(acc[i, j]).tok == block.x * TM + i and tag(acc[i, j]).feat == block.y * TF + j
    assert tag(acc[i, j]).d == range(0, D)
    store Out[block.x * TM : +TM, block.y * TF : +TF], acc
