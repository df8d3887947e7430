# Each block stages its 16 x 64 rows of X into shared memory with copy_async, then clears
# them in X (a consumed input buffer) only after its wait_group retired the copy and a
# barrier made that known to every thread; Y gets the staged rows. X's tag function names its
# input elements; its condition (r < 0, which no element meets) says what a store into X
# holds: no input's record (zeros).
kernel stage_then_clear(X: f32[R, 64], Y: f32[R, 64]):
    assume R % 16 == 0
    grid (R / 16)
    threads 64
    tag X[r, c] = (row=r, col=c) if r < 0
    tag Y[r, c] = (row=r, col=c)
    s = shared f32[16, 64]
    copy_async s[0 : +16, 0 : +64], X[block.x * 16 : +16, 0 : +64] layout copy(vec=4)
    commit
    wait_group 0
    barrier
    z = zeros f32[16, 64] layout copy(vec=4)
    store X[block.x * 16 : +16, 0 : +64], z layout copy(vec=4)
    x = load s[0 : +16, 0 : +64]
    store Y[block.x * 16 : +16, 0 : +64], x
