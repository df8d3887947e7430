# Buggy sibling of tests/verify/kernels/rowsum_pipelined_drain.dsl: the commit is under
# the prefetch's condition but the wait never drains, so in the last iteration wait_group 1
# leaves the group of the tile about to be read in flight (ASYNC).
kernel rowsum_pipelined(X: f32[R, C], Y: f32[R]):
    assume R % 4 == 0 and C % 128 == 0 and C >= 128
    const BR, BC, S = 4, 128, 2
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    s = shared f32[S, BR, BC]
    acc = zeros f32[BR]
    copy_async s[0], X[block.x * BR : +BR, 0 : +BC] layout copy(vec=4)
    commit
    for ct in range(C / BC):
        if ct + 1 < C / BC:
            copy_async s[(ct + 1) % S], X[block.x * BR : +BR, (ct + 1) * BC : +BC] layout copy(vec=4)
            commit
        wait_group 1
        barrier
        x = load s[ct % S]  #! error[ASYNC]
        acc = acc + sum(x, axis=1)
        barrier
    assert tag(acc[i]).row == block.x * BR + i and tag(acc[i]).col == range(0, C)
    store Y[block.x * BR : +BR], acc
