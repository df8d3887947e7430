# Column sums through bulk copies whose boxes start 3 rows before the tensor (a halo): the rows
# before 0 and past R are zero padding. The first record present is row 0 of box 0, not row 0 of
# the box (the TAG check of the store timed out on that).
kernel tma_halo_rows(X: f32[R, C], S: f32[C]):
    assume C % BC == 0 and R >= 1
    const BR, BC, S2 = 8, 128, 2
    grid (C / BC)
    threads 160
    tag X[r, c] = (row=r, col=c)
    tag S[c] = (col=c)
    sX = shared f32[S2, BR, BC]
    full = mbarrier[S2] count 1
    empty = mbarrier[S2] count 128
    if thread.warp == 4:
        if thread.lane == 0:
            for rt in range((R + 3 + BR - 1) / BR):
                wait empty[rt % S2], (rt / S2 + 1) % 2
                expect_tx full[rt % S2], 4096
                tma_load sX[rt % S2], X[rt * BR - 3 : +BR, block.x * BC : +BC] masked(fill=0.0), full[rt % S2]
    else:
        s = zeros f32[BC] layout (128, 1):(1, 1)
        for rt in range((R + 3 + BR - 1) / BR):
            wait full[rt % S2], (rt / S2) % 2
            x = load sX[rt % S2] layout (128, 8):(1, 128)
            c = sum(x, axis=0) layout (128, 1):(1, 1)
            s = s + c
            arrive empty[rt % S2]
        assert tag(s[j]).row == range(0, R) and tag(s[j]).col == block.x * BC + j
        store S[block.x * BC : +BC], s
