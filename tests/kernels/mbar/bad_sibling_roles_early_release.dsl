# tests/verify/kernels/sibling_roles_col_sum.dsl (role branches as sibling `if`s) with the
# slot handed back before it is read: the producer's next copy into it may land under the read.
kernel ws_col_sum(X: f32[R, C], S: f32[C]):
    assume R % BR == 0 and C % BC == 0 and R >= BR
    const BR, BC, S2 = 16, 256, 2
    grid (C / BC)
    threads 384
    tag X[r, c] = (row=r, col=c)
    tag S[c] = (col=c)
    sX = shared f32[S2, BR, BC]
    full = mbarrier[S2] count 1
    empty = mbarrier[S2] count 256
    if thread.warp >= 8:
        setmaxnreg dec 40
        if thread.warp == 8:
            if thread.lane == 0:
                for rt in range(R / BR):
                    wait empty[rt % S2], (rt / S2 + 1) % 2
                    expect_tx full[rt % S2], 16384
                    tma_load sX[rt % S2], X[rt * BR : +BR, block.x * BC : +BC], full[rt % S2]
    if thread.warp < 8:
        setmaxnreg inc 232
        s = zeros f32[BC] layout (256, 1):(1, 1)
        for rt in range(R / BR):
            wait full[rt % S2], (rt / S2) % 2
            arrive empty[rt % S2]
            x = load sX[rt % S2] layout (256, 16):(1, 256)  #! error[WAR]
            assert tag(x[i, j]).row == rt * BR + i and tag(x[i, j]).col == block.x * BC + j
            c = sum(x, axis=0) layout (256, 1):(1, 1)
            s = s + c
        assert tag(s[j]).col == block.x * BC + j and tag(s[j]).row == range(0, R)
        store S[block.x * BC : +BC], s
