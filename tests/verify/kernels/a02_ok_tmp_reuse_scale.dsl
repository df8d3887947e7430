# Row sums of 2 X over 200 columns: scratch tile t reused (zero init, then x * 2.0), copied back into x.
kernel a02_ok_tmp_reuse_scale(X: f32[R, 200], Y: f32[R]):
    assume R % 4 == 0
    const BR, BC = 4, 256
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r, col=range(0, 200))
    t = zeros f32[BR, BC]
    x = load X[block.x * BR : +BR, 0 : +BC] masked(fill=0.0)
    t = x * 2.0
    x = t
    s = sum(x, axis=1)
    store Y[block.x * BR : +BR], s
