# Held-out round 43 (a false proof): warpgroup 2 waits on `ready` before its `setmaxnreg dec`;
# warpgroups 0-1 arrive on `ready` only after `setmaxnreg inc`, which blocks until the block's
# register pool has the registers that the dec frees (PTX). Neither side proceeds: deadlock.
kernel regsplit(X: f32[M, 128], Y: f32[M, 128]):
    assume M % 32 == 0
    grid (M / 32)
    threads 384
    tag X[i, j] = (row=i, col=j)
    tag Y[i, j] = (row=i, col=j)
    ready = mbarrier[1] count 256
    if thread.warp >= 8:
        wait ready[0], 0  #! error[SYNC]
        setmaxnreg dec 40
    else:
        setmaxnreg inc 232
        arrive ready[0]
    x = load X[block.x * 32 : +32, 0 : +128]
    store Y[block.x * 32 : +32, 0 : +128], x
