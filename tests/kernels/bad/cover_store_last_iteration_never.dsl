# Buggy sibling of tests/verify/kernels/rowsum_store_last.dsl: the store's condition is
# off by one (ct == C / BC is never true inside the loop), so Y is never written (COVER).
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
        if ct == C / BC:
            store Y[block.x * BR : +BR], acc  #! error[COVER]
