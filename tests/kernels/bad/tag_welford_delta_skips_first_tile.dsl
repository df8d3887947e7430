# Welford whose loop starts at the second column tile: the mean never sees the first.
kernel welford_chan(X: f32[R, C], Mean: f32[R], Var: f32[R]):
    assume R % 4 == 0 and C % 64 == 0 and C >= 64
    const BR, BC = 4, 64
    grid (R / BR)
    threads 64
    tag X[r, c] = (row=r, col=c)
    tag Mean[r] = (row=r)
    tag Var[r] = (row=r)
    mean = zeros f32[BR]
    m2 = zeros f32[BR]
    for ct in range(1, C / BC):
        x = load X[block.x * BR : +BR, ct * BC : +BC]
        cm = sum(x, axis=1) / 64.0
        d = x - bcast(cm, axis=1, n=BC)
        cm2 = sum(d * d, axis=1)
        delta = cm - mean
        mean = mean + delta * (64.0 / (ct * 64.0 + 64.0))
        m2 = m2 + cm2 + delta * delta * (ct * 64.0 * 64.0 / (ct * 64.0 + 64.0))
    assert tag(mean[i]).row == block.x * BR + i and covers(tag(mean[i]).col, 0, C)  #! error[TAG]
    store Mean[block.x * BR : +BR], mean  #! error[TAG]
    v = m2 / C
    store Var[block.x * BR : +BR], v  #! error[TAG]
