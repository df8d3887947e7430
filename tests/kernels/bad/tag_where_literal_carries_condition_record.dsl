# Cross-entropy with an ignore index whose ignored rows are cleared by `where(c, 0.0, ...)`:
# the literal carries the records of its condition (LAB's, which has a tag function), so the
# element holds an input's record where L's tag function says none; a zeros tile or a `mask`
# holds none (new-user round 62; the hint says so).
kernel xent_ignore(X: f32[R, 1024], LAB: i32[R], L: f32[R]):
    assume R % 4 == 0
    assume LAB[r] == -100 or (LAB[r] >= 0 and LAB[r] < 1024)
    const BR, V = 4, 1024
    grid (R / BR)
    threads 256
    tag X[r, c] = (row=r, col=c)
    tag LAB[r] = (row=r)
    tag L[r] = (row=r) if LAB[r] != -100
    x = load X[block.x * BR : +BR, 0 : +V]
    lab = load LAB[block.x * BR : +BR]
    m = max(x, axis=1)
    lse = m + log(sum(exp(x - bcast(m, axis=1, n=V)), axis=1))
    labb = bcast(lab, axis=1, n=V)
    pick = sum(where(index(x, axis=1) == labb, x, 0.0), axis=1)
    loss = where(lab == -100, 0.0, lse - pick)
    assert tag(loss[i]).row == block.x * BR + i
    store L[block.x * BR : +BR], loss  #! error[TAG]
