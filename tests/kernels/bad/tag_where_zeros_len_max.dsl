# Buggy sibling of tests/verify/kernels/where_zeros_len_sum.dsl: a max over the valid tokens
# through `where(t < n, v, z)` with z a tile of zeros. The zeros picked are padding of value
# 0.0 (dsl/zero_branch.py), which is not max's identity: a row whose valid values are all
# negative gets 0.0.
kernel where_zeros_len_max(V: f32[R, 32, C], N: i32[R], Y: f32[R, C]):
    assume C % 16 == 0
    assume N[r] >= 1 and N[r] <= 32
    const L, BC = 32, 16
    grid (R, C / BC)
    threads 64
    tag V[r, t, c] = (row=r, t=t, col=c)
    tag Y[r, c] = (row=r, col=c)
    v = load V[block.x, 0 : +L, block.y * BC : +BC]
    n = load N[block.x : +1]
    nt = bcast(reshape(bcast(n, axis=0, n=L), shape=(L)), axis=1, n=BC)
    z = zeros f32[L, BC]
    kept = where(index(v, axis=0) < nt, v, z)
    s = max(kept, axis=0)  #! error[TAG]
    assert tag(s[j]).t == range(0, N[block.x]) and tag(s[j]).col == block.y * BC + j
    store Y[block.x, block.y * BC : +BC], s
