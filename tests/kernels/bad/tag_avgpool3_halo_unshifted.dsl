# The average pool's copy is not shifted left by the halo: l is the centre, r two to the
# right, and window element i - 1 is missing (the claim names it).
kernel avgpool3_unshifted(X: f32[N], Y: f32[N]):
    assume N % 128 == 0
    grid (N / 128)
    threads 128
    tag X[i] = (i=i)
    s = shared f32[130]
    copy s[0 : +130], X[block.x * 128 : +130] masked(fill=0.0)
    barrier
    l = load s[0 : +128]
    c = load s[1 : +128]
    r = load s[2 : +128]
    y = (l + c + r) / 3.0
    assert covers(tag(y[j]).i, max(block.x * 128 + j - 1, 0), min(block.x * 128 + j + 2, N))  #! error[TAG]
    store Y[block.x * 128 : +128], y
