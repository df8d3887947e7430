# A masked output split between two stores by threads, in a loop over column tiles: threads
# 0..63 store the tile plus one, the others the tile, each only inside Y (the last block's
# rows and the last column tile may reach past it). COVER names the block, the iteration and
# the thread that can write each element.
kernel thread_split_store_masked(X: f32[M, N], Y: f32[M, N]):
    assume M >= 1 and N >= 1
    grid ((M + 7) / 8)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r, col=c)
    for j in range((N + 63) / 64):
        x = load X[block.x * 8 : +8, j * 64 : +64] masked(fill=0.0)
        y = x + 1.0
        if thread.x < 64:
            store Y[block.x * 8 : +8, j * 64 : +64], y masked
        else:
            store Y[block.x * 8 : +8, j * 64 : +64], x masked
