# cp.async groups and an mbarrier in one kernel: warp 0 copies, commits, waits and arrives;
# warp 1 waits on the mbarrier (held-out round 37: the interpreter raised at the commit).
kernel cmc(X: f32[R, 128], Y: f32[R, 128]):
    grid (R)
    threads 64
    s = shared f32[1, 128]
    full = mbarrier[1] count 32
    if thread.warp == 0:
        copy_async s[0 : +1, 0 : +128], X[block.x : +1, 0 : +128] layout (32, 4):(4, 1)
    commit
    if thread.warp == 0:
        wait_group 0
        arrive full[0]
    else:
        wait full[0], 0
    if thread.warp == 0:
        a = load s[0 : +1, 0 : +128] layout (32, 4):(4, 1)
        store Y[block.x : +1, 0 : +128], a
