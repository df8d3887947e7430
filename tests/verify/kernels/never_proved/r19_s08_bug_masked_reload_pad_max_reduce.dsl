# row max of reload with stored -? zero pad: reload padding 0 reaches a max? use sum of 1/g directly
kernel s08_bug_masked_reload_pad_max_reduce(X: f32[R, 200], W: f32[R, 256], Y: f32[R], S: f32[R, 256]):
    assume R % 4 == 0
    const BR, BC = 4, 256
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag W[r, c] = (row=r, wcol=c)
    tag Y[r] = (row=r)
    tag S[r, c] = (row=r, col=c) if c < 200
    x = load X[block.x * BR : +BR, 0 : +BC] masked(fill=0.0)
    w = load W[block.x * BR : +BR, 0 : +BC]
    z = zeros f32[BR, BC]
    o = z + 1.0
    ci = cast(index(z, axis=1), f32)
    ii = index(z, axis=1)
    store S[block.x * BR : +BR, 0 : +BC], x
    barrier
    g = load S[block.x * BR : +BR, 0 : +BC] masked(fill=1.0)
    h = bcast(sum(o / g, axis=1), axis=1, n=BC)
    tm = x * h
    s = sum(tm, axis=1)
    store Y[block.x * BR : +BR], s
