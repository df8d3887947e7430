# An output split between even and odd threads, each store under the layout (128, 4):(4, 1)
# that gives thread t the four contiguous elements 4 t .. 4 t + 3 of the tile, so the split
# interleaves 4-element runs. The two stores must share the layout: with another one the
# threads of one branch write elements of the other's (cover_thread_split_layouts_differ).
kernel thread_split_store_parity(X: f32[R, 64], Y: f32[R, 64]):
    assume R % 8 == 0
    grid (R / 8)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r, col=c)
    x = load X[block.x * 8 : +8, 0 : +64]
    y = x + 1.0
    if thread.x % 2 == 0:
        store Y[block.x * 8 : +8, 0 : +64], y layout (128, 4):(4, 1)
    else:
        store Y[block.x * 8 : +8, 0 : +64], x layout (128, 4):(4, 1)
