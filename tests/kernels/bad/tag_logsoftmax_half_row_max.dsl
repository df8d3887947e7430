# LogSoftmax whose row maximum is taken over the first half of the row only: still
# finite and often close, but not the stabiliser the proof (and exp's range) relies on.
kernel logsoftmax(X: f32[R, 1024], Y: f32[R, 1024]):
    assume R % 4 == 0
    const BR, C = 4, 1024
    grid (R / BR)
    threads 256
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r)
    x = load X[block.x * BR : +BR, 0 : +C]
    xh = load X[block.x * BR : +BR, 0 : +512]
    m = max(xh, axis=1)
    assert tag(m[i]).row == block.x * BR + i and tag(m[i]).col == range(0, C)  #! error[TAG]
    d = x - bcast(m, axis=1, n=C)
    l = log(sum(exp(d), axis=1))
    assert tag(l[i]).row == block.x * BR + i
    y = d - bcast(l, axis=1, n=C)
    store Y[block.x * BR : +BR, 0 : +C], y
