# Buggy sibling of tests/verify/kernels/where_zeros_len_sum.dsl: the where's branches are
# swapped, so the zeros stand in for the valid tokens and the sum adds up the padding tokens
# t >= N[r] instead.
kernel where_zeros_len_sum_branches_swapped(V: f32[R, 32, C], N: i32[R], Y: f32[R, C]):
    assume C % 16 == 0
    assume N[r] >= 0 and N[r] <= 32
    const L, BC = 32, 16
    grid (R, C / BC)
    threads 64
    tag V[r, t, c] = (row=r, t=t, col=c)
    tag Y[r, c] = (row=r, col=c, t=range(0, N[r]))
    v = load V[block.x, 0 : +L, block.y * BC : +BC]
    n = load N[block.x : +1]
    nt = bcast(reshape(bcast(n, axis=0, n=L), shape=(L)), axis=1, n=BC)
    z = zeros f32[L, BC]
    kept = where(index(v, axis=0) >= nt, v, z)
    s = sum(kept, axis=0)
    assert tag(s[j]).t == range(0, N[block.x]) and tag(s[j]).col == block.y * BC + j  #! error[TAG]
    store Y[block.x, block.y * BC : +BC], s  #! error[TAG]
