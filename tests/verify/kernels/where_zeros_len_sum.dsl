# Sums of the valid tokens of padded rows, selected with `where` against a tile of zeros:
# Y[r, c] = sum over t < N[r] of V[r, t, c] (0 <= N[r] <= 32; a row may be empty). The tile z is
# only ever written by `zeros`, so `where(t < n, v, z)` is `mask(v, t < n, fill=0.0)`: the
# zeros picked are padding, no record. Read as elementwise math they were one empty record
# each, and the sum had a record without the field `t` for every dropped token (refuted).
kernel where_zeros_len_sum(V: f32[R, 32, C], N: i32[R], Y: f32[R, C]):
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
    kept = where(index(v, axis=0) >= nt, z, v)
    s = sum(kept, axis=0)
    assert tag(s[j]).t == range(0, N[block.x]) and tag(s[j]).col == block.y * BC + j
    store Y[block.x, block.y * BC : +BC], s
