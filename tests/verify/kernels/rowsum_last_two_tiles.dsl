# Row sums of the last two column tiles: the accumulator is zeroed again under
# `ct == C / 64 - 2`, inside the loop, which ends before the store. After the loop it holds
# what was added since the latest iteration where that held (the last two tiles). Buggy
# sibling: tests/kernels/bad/tag_rowsum_last_two_tiles_reset_early.dsl.
kernel rowsum_last_two_tiles(X: f32[R, C], Y: f32[R]):
    assume R % 4 == 0 and C % 64 == 0 and C >= 128
    grid (R / 4)
    threads 64
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r, col=range(C - 128, C))
    acc = zeros f32[4]
    for ct in range(C / 64):
        if ct == C / 64 - 2:
            acc = zeros f32[4]
        x = load X[block.x * 4 : +4, ct * 64 : +64]
        acc = acc + sum(x, axis=1)
    store Y[block.x * 4 : +4], acc
