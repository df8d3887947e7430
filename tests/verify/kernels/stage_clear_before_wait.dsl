# Buggy sibling of stage_then_clear.dsl: X is cleared before the wait_group, while the
# copy_async may still be reading it (PTX: cp.async reads its source until its group
# completes), so Y may get zeros. Was proved: the source read counted at issue. (WAR)
kernel stage_clear_before_wait(X: f32[R, 64], Y: f32[R, 64]):
    assume R % 16 == 0
    grid (R / 16)
    threads 64
    tag X[r, c] = (row=r, col=c) if r < 0
    tag Y[r, c] = (row=r, col=c)
    s = shared f32[16, 64]
    copy_async s[0 : +16, 0 : +64], X[block.x * 16 : +16, 0 : +64] layout copy(vec=4)
    commit
    z = zeros f32[16, 64] layout copy(vec=4)
    store X[block.x * 16 : +16, 0 : +64], z layout copy(vec=4)
    wait_group 0
    barrier
    x = load s[0 : +16, 0 : +64]
    store Y[block.x * 16 : +16, 0 : +64], x
