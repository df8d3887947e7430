# Buggy sibling of tests/verify/kernels/thread_split_store_warps.dsl: warp 2 passes neither
# condition, so the elements its threads do (Y[1, 0] in block 0) are never written (COVER).
kernel thread_split_warp_missing(X: f32[R, 64], Y: f32[R, 64]):
    assume R % 8 == 0
    grid (R / 8)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r, col=c)
    x = load X[block.x * 8 : +8, 0 : +64]
    y = x + 1.0
    if thread.warp < 2:
        store Y[block.x * 8 : +8, 0 : +64], y  #! error[COVER]
    if thread.warp == 3:
        store Y[block.x * 8 : +8, 0 : +64], x
