# Buggy sibling of stage_then_clear.dsl: each thread's wait_group retires its own copies,
# but it clears elements another thread's copy reads (a different distribution) with no
# barrier after the waits (the clear moves 2 floats a thread, the copy 4). (WAR)
kernel stage_clear_no_barrier(X: f32[R, 64], Y: f32[R, 64]):
    assume R % 16 == 0
    grid (R / 16)
    threads 64
    tag X[r, c] = (row=r, col=c) if r < 0
    tag Y[r, c] = (row=r, col=c)
    s = shared f32[16, 64]
    copy_async s[0 : +16, 0 : +64], X[block.x * 16 : +16, 0 : +64] layout copy(vec=4)
    commit
    wait_group 0
    z = zeros f32[16, 64] layout copy(vec=2)
    store X[block.x * 16 : +16, 0 : +64], z layout copy(vec=2)
    barrier
    x = load s[0 : +16, 0 : +64]
    store Y[block.x * 16 : +16, 0 : +64], x
