# Correct: as g37 with Y's claim stating what it computes, columns 0..i of row i (the sum of the
# lower triangle read back after the in-place clear).
kernel g38_ok_inplace_tril_then_rowsum_tri_claim(X: f32[M, 32], Y: f32[M]):
    assume M == 32
    grid (1)
    threads 32
    tag X[i, j] = (row=i, col=j) if i >= j
    tag Y[i] = (row=i, col=range(0, i + 1))
    a = load X[0 : +32, 0 : +32] layout (32, 32):(32, 1)
    c = mask(a, index(a, axis=0) >= index(a, axis=1), fill=0.0)
    store X[0 : +32, 0 : +32], c layout (32, 32):(32, 1)
    barrier
    w = load X[0 : +32, 0 : +32] layout (32, 32):(32, 1)
    s = sum(w, axis=1) layout (32, 1):(1, 1)
    store Y[0 : +32], s layout (32, 1):(1, 1)
