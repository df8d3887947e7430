# An output split between two stores by a thread condition: threads 0..63 store x + 1, the
# others x. Each thread does its own elements of the tile (the default distribution: thread
# t does elements t, t + 128, ..., so threads 0..63 do the even rows), and between them the
# two branches admit every thread, so each element is written once. COVER's query names the
# thread that does the element instead of quantifying over threads (encode/cover_reach.py);
# it timed out before (issue 17). Buggy siblings: tests/kernels/bad/cover_thread_split_*.
kernel thread_split_store_halves(X: f32[R, 64], Y: f32[R, 64]):
    assume R % 8 == 0
    grid (R / 8)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r, col=c)
    x = load X[block.x * 8 : +8, 0 : +64]
    y = x + 1.0
    if thread.x < 64:
        store Y[block.x * 8 : +8, 0 : +64], y
    else:
        store Y[block.x * 8 : +8, 0 : +64], x
