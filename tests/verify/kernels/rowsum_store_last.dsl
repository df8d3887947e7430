# Row sums stored from inside the loop, in its last iteration only: a store under a
# condition on the loop variable. Every element of Y is stored once, with all columns.
kernel rowsum_store_last(X: f32[R, C], Y: f32[R]):
    assume R % 4 == 0 and C % 128 == 0 and C >= 128
    const BR, BC = 4, 128
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    acc = zeros f32[BR]
    for ct in range(C / BC):
        x = load X[block.x * BR : +BR, ct * BC : +BC]
        acc = acc + sum(x, axis=1)
        if ct == C / BC - 1:
            store Y[block.x * BR : +BR], acc
    assert tag(acc[i]).row == block.x * BR + i and tag(acc[i]).col == range(0, C)
