# Buggy sibling of tests/verify/kernels/rowsum_through_two_temporaries.dsl: the tile's partial
# sum is added twice, once into the temporary and again in the copy back (s = s_new + part
# reads as s = (s + part) + part): every column is counted twice.
kernel rowsum_temporary_added_twice(X: f32[R, C], Y: f32[R]):
    assume R % 4 == 0 and C % 64 == 0 and C >= 128
    grid (R / 4)
    threads 64
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r, col=range(0, C))
    s = zeros f32[4]
    for ct in range(C / 64):
        x = load X[block.x * 4 : +4, ct * 64 : +64]
        part = sum(x, axis=1)
        s_new = s + part
        s = s_new + part
    store Y[block.x * 4 : +4], s  #! error[TAG]
