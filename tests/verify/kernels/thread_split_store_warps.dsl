# An output split between two stores by warp: even warps store 2 x, odd warps x - 1. Thread
# t does elements t, t + 128, ... of the tile, so the split interleaves 32-element runs;
# every element's thread passes exactly one of the conditions (COVER, encode/cover_reach.py).
kernel thread_split_store_warps(X: f32[R, 64], Y: f32[R, 64]):
    assume R % 8 == 0
    grid (R / 8)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r, col=c)
    x = load X[block.x * 8 : +8, 0 : +64]
    y = x * 2.0
    z = x - 1.0
    if thread.warp % 2 == 0:
        store Y[block.x * 8 : +8, 0 : +64], y
    if thread.warp % 2 == 1:
        store Y[block.x * 8 : +8, 0 : +64], z
