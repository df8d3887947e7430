# An online softmax started from a constant (m = zeros - inf) whose one column tile comes
# from the next row block; the claim is on the normaliser only. At the first iteration
# m_prev = m has no record yet, and pairing it as the empty set gave exp(m_prev - m) none,
# so l's first update had none and the claim held vacuously (a false "proved"); an
# accumulator read before its first update now pairs as the empty record.
kernel osm(X: f32[R, C], L: f32[R]):
    assume R % 8 == 0 and C == 128
    grid (R / 4)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag L[r] = (row=r)
    z = zeros f32[4]
    m = z - inf
    l = zeros f32[4]
    for ct in range(C / 128):
        x = load X[(block.x * 4 + (1 - min(ct, 1)) * 4) % R : +4, ct * 128 : +128]
        m_prev = m
        m = maximum(m, max(x, axis=1))
        l = l * exp(m_prev - m) + sum(exp(x - bcast(m, axis=1, n=128)), axis=1)
    assert tag(l[i]).row == block.x * 4 + i  #! error[TAG]
    store L[block.x * 4 : +4], l  #! error[TAG]
