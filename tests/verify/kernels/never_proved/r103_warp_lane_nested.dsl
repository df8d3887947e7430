# Held-out round 103 (proved; the lowered code disagreed): a replicated tile written under a
# condition on the thread that reaches some owners of an element only; unknown[RACE] now
kernel r103_warp_lane_nested(X: i32[R, 64], Y: i32[R]):
    assume R % 4 == 0
    grid (R / 4)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r, col=range(0, 64))
    x = load X[block.x * 4 : +4, 0 : +64] layout ((2, (2, 32)), 64):((64, (128, 0)), 1)
    if thread.lane >= 16:
        x = x + x layout ((2, (2, 32)), 64):((64, (128, 0)), 1)
    m = sum(x, axis=1)
    store Y[block.x * 4 : +4], m
