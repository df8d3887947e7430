# Buggy sibling of tests/verify/kernels/group_maxlen_covers.dsl: the bound is the shortest of
# the group's lengths (min for max), so the longer rows lose their tail tokens.
kernel group_maxlen_min(X: f32[R, 32], N: i32[R], Y: f32[R]):
    assume R % 4 == 0
    assume N[r] >= 0 and N[r] <= 32
    grid (R / 4)
    threads 64
    tag X[r, t] = (row=r, t=t)
    tag Y[r] = (row=r) if max(max(N[r / 4 * 4], N[r / 4 * 4 + 1]), max(N[r / 4 * 4 + 2], N[r / 4 * 4 + 3])) > 0
    x = load X[block.x * 4 : +4, 0 : +32]
    n = load N[block.x * 4 : +4]
    m = min(reshape(n, shape=(4, 1)), axis=0)
    mt = reshape(bcast(bcast(m, axis=0, n=4), axis=2, n=32), shape=(4, 32))
    xv = mask(x, index(x, axis=1) < mt, fill=0.0)
    s = sum(xv, axis=1)
    assert covers(tag(s[i]).t, 0, max(max(N[block.x * 4], N[block.x * 4 + 1]), max(N[block.x * 4 + 2], N[block.x * 4 + 3])))  #! error[TAG]
    assert tag(s[i]).row == block.x * 4 + i
    store Y[block.x * 4 : +4], s  #! error[TAG]
