# Row sums of X + 1 over the first 200 columns of a 256-wide tile. The user reuses the scratch
# tile t (first the zero init, then x + 1.0) and copies it back into x: the 0.0 padding of the
# masked load becomes 1.0 and 56 ones reach the row sum (expected: TAG at the sum).
kernel a01_bug_tmp_reuse_copyback(X: f32[R, 200], Y: f32[R]):
    assume R % 4 == 0
    const BR, BC = 4, 256
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r)
    t = zeros f32[BR, BC]
    x = load X[block.x * BR : +BR, 0 : +BC] masked(fill=0.0)
    t = x + 1.0
    x = t
    s = sum(x, axis=1)
    store Y[block.x * BR : +BR], s
