# Sums of column pairs: the accumulator is zeroed at even column tiles and stored at odd
# ones, so each store sees the tiles 2p and 2p + 1 of its pair p. Which initialisation a
# store sees is the latest even tile (a residue class in closed form). Buggy sibling:
# tests/kernels/bad/tag_rowsum_pairs_reset_late.dsl.
kernel rowsum_pairs_reset_even(X: f32[R, C], Y: f32[R, P]):
    assume R % 4 == 0 and C == P * 128 and P >= 1
    grid (R / 4)
    threads 64
    tag X[r, c] = (row=r, col=c)
    tag Y[r, p] = (row=r, col=range(p * 128, p * 128 + 128))
    acc = zeros f32[4]
    for ct in range(C / 64):
        if ct % 2 == 0:
            acc = zeros f32[4]
        x = load X[block.x * 4 : +4, ct * 64 : +64]
        acc = acc + sum(x, axis=1)
        if ct % 2 == 1:
            store Y[block.x * 4 : +4, ct / 2], acc
