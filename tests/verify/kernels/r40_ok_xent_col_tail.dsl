# softmax cross-entropy per row: L[r] = logsumexp(X[r, :]) - X[r, Lab[r]], C = 1000 (tail of the last tile)
kernel xent(X: f32[R, 1000], Lab: i32[R], L: f32[R]):
    assume R % 8 == 0
    assume Lab[r] >= 0 and Lab[r] < 1000
    const BR, BC, C = 8, 128, 1000
    grid (R / BR)
    threads 256
    tag X[r, c] = (row=r, col=c)
    tag Lab[r] = (row=r)
    tag L[r] = (row=r)
    lab = load Lab[block.x * BR : +BR]
    z = zeros f32[BR]
    m = z - inf
    for ct in range((C + BC - 1) / BC):
        x = load X[block.x * BR : +BR, ct * BC : +BC] masked(fill=-inf)
        m = maximum(m, max(x, axis=1))
    s = zeros f32[BR]
    picked = zeros f32[BR]
    for ct in range((C + BC - 1) / BC):
        x = load X[block.x * BR : +BR, ct * BC : +BC] masked(fill=-inf)
        s = s + sum(exp(x - bcast(m, axis=1, n=BC)), axis=1)
        xz = load X[block.x * BR : +BR, ct * BC : +BC] masked(fill=0.0)
        sel = where(index(xz, axis=1) + ct * BC == bcast(lab, axis=1, n=BC), xz, 0.0)
        picked = picked + sum(sel, axis=1)
    l = m + log(s) - picked
    store L[block.x * BR : +BR], l
