# WRONG: phase 1 zeroes the upper triangle of X in place (X's tag function allows zeros there);
# phase 2 reads X back and sums each row. Y's tag function claims every column 0..M of the row
# was summed, but the columns j > i read back as zeros: Y[i] = sum_{j <= i} X[i, j].
kernel g37_bad_inplace_tril_then_rowsum(X: f32[M, 32], Y: f32[M]):
    assume M == 32
    grid (1)
    threads 32
    tag X[i, j] = (row=i, col=j) if i >= j
    tag Y[i] = (row=i, col=range(0, 32))
    a = load X[0 : +32, 0 : +32] layout (32, 32):(32, 1)
    c = mask(a, index(a, axis=0) >= index(a, axis=1), fill=0.0)
    store X[0 : +32, 0 : +32], c layout (32, 32):(32, 1)
    barrier
    w = load X[0 : +32, 0 : +32] layout (32, 32):(32, 1)
    s = sum(w, axis=1) layout (32, 1):(1, 1)
    store Y[0 : +32], s layout (32, 1):(1, 1)
