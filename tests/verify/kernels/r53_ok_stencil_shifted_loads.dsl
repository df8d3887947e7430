# New-user round 53: a 1-D Laplacian over a zero halo, three loads shifted inside one masked copy;
# the places of the copy's padding follow each load's offset (l + r - 2.0 * c was unknown).
kernel lap1d(X: f32[N], Y: f32[N]):
    assume N % 128 == 0
    grid (N / 128)
    threads 128
    tag X[i] = (i=i)
    s = shared f32[130]
    copy s[0 : +130], X[block.x * 128 - 1 : +130] masked(fill=0.0)
    barrier
    l = load s[0 : +128]
    c = load s[1 : +128]
    r = load s[2 : +128]
    y = l + r - 2.0 * c
    assert covers(tag(y[j]).i, max(block.x * 128 + j - 1, 0), min(block.x * 128 + j + 2, N))
    store Y[block.x * 128 : +128], y
