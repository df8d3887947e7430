# New-user round 46: softmax cross-entropy with PyTorch's ignore_index = -100; the labels'
# assumption is a disjunction (`Lab[r] == -100 or ...`), which the interpreter's random inputs
# had to meet one alternative of (interp/inputs.py); its buggy sibling's witness now replays.
kernel xent_ignore(X: f32[R, C], Lab: i32[R], L: f32[R]):
    assume R % 8 == 0 and C >= 1
    assume Lab[r] == -100 or Lab[r] >= 0 and Lab[r] < C
    const BR, BC = 8, 128
    grid (R / BR)
    threads 256
    tag X[r, c] = (row=r, col=c)
    tag Lab[r] = (row=r)
    tag L[r] = (row=r)
    lab = load Lab[block.x * BR : +BR]
    assert tag(lab[i]).row == block.x * BR + i
    z = zeros f32[BR]
    m = z - inf
    s = zeros f32[BR]
    picked = zeros f32[BR]
    for ct in range((C + BC - 1) / BC):
        x = load X[block.x * BR : +BR, ct * BC : +BC] masked(fill=-inf)
        m_old = m
        m = maximum(m, max(x, axis=1))
        s = s * exp(m_old - m) + sum(exp(x - bcast(m, axis=1, n=BC)), axis=1)
        xz = load X[block.x * BR : +BR, ct * BC : +BC] masked(fill=0.0)
        sel = where(index(xz, axis=1) + ct * BC == bcast(lab, axis=1, n=BC), xz, 0.0)
        picked = picked + sum(sel, axis=1)
    assert tag(m[i]).row == block.x * BR + i and tag(m[i]).col == range(0, C)
    loss = m + log(s) - picked
    out = where(lab == -100, 0.0, loss)
    store L[block.x * BR : +BR], out
