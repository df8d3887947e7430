# Row sums with the even and the odd column tiles added by two updates, `if ct % 2 == 0`
# and its `else`: the range claim counts ceil(n / 2) + floor(n / 2) = n tiles. Buggy
# sibling (even tiles only): tests/kernels/bad/tag_rowmax_even_tiles_only.dsl.
kernel rowsum_even_odd_updates(X: f32[R, C], Y: f32[R]):
    assume R % 4 == 0 and C % 64 == 0 and C >= 64
    grid (R / 4)
    threads 64
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r, col=range(0, C))
    acc = zeros f32[4]
    for ct in range(C / 64):
        x = load X[block.x * 4 : +4, ct * 64 : +64]
        if ct % 2 == 0:
            acc = acc + sum(x, axis=1)
        else:
            acc = acc + sum(x, axis=1)
    store Y[block.x * 4 : +4], acc
