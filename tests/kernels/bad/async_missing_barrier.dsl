# Double-buffered async staging that waits for its own copies but has no barrier after
# the wait: a thread's copy has landed, but another thread reads it with nothing
# making the landing visible (the element is copied by thread e / 2, read by thread e).
kernel double_buffer(X: f16[R, 256], Y: f16[R, 256]):
    assume R % 8 == 0 and R >= 8
    grid (R / 8)
    threads 256
    tag X[r, c] = (row=r, col=c)
    s = shared f16[2, 256]
    copy_async s[0, 0 : +256], X[block.x * 8, 0 : +256] layout copy(vec=2)
    commit
    for r in range(8):
        if r + 1 < 8:
            copy_async s[(r + 1) % 2, 0 : +256], X[block.x * 8 + r + 1, 0 : +256] layout copy(vec=2)
        commit
        wait_group 1
        x = load s[r % 2, 0 : +256]  #! error[ASYNC]
        store Y[block.x * 8 + r, 0 : +256], x
        barrier
