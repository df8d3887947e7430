# A two-slot cp.async ring whose last iteration prefetches a (clamped) tile nobody reads and
# no wait_group waits for (held-out round 46): the lowering waits for every group at the
# block's end, so no copy writes shared memory after the block exits.
kernel prefetch_past_end(X: f32[M, K], Y: f32[M, 32]):
    assume M % 32 == 0 and K % 32 == 0 and K >= 32
    grid (M / 32)
    threads 128
    tag X[i, k] = (row=i, col=k % 32, kt=k / 32)
    tag Y[i, j] = (row=i, col=j, kt=range(0, K / 32))
    s = shared f32[2, 32, 32]
    acc = zeros f32[32, 32]
    copy_async s[0], X[block.x * 32 : +32, 0 : +32] layout copy(vec=4)
    commit
    for kt in range(K / 32):
        copy_async s[(kt + 1) % 2], X[block.x * 32 : +32, min(kt + 1, K / 32 - 1) * 32 : +32] layout copy(vec=4)
        commit
        wait_group 1
        barrier
        x = load s[kt % 2]
        acc = acc + x
        barrier
    store Y[block.x * 32 : +32, 0 : +32], acc
