# Held-out round 49: each iteration prefetches the next tile after its commit, so the last
# (clamped) prefetch is in no commit group; the lowering commits it before the block-end wait.
kernel uncommitted_prefetch(A: f32[M, K], C: f32[M, 32]):
    assume M % 32 == 0 and K % 32 == 0 and K >= 32
    grid (M / 32)
    threads 128
    tag A[i, k] = (row=i, col=k % 32, kt=k / 32)
    tag C[i, j] = (row=i, col=j, kt=range(0, K / 32))
    sA = shared f32[2, 32, 32]
    acc = zeros f32[32, 32]
    copy_async sA[0], A[block.x * 32 : +32, 0 : +32] layout copy(vec=4)
    for kt in range(K / 32):
        commit
        wait_group 0
        barrier
        a = load sA[kt % 2]
        acc = acc + a
        copy_async sA[(kt + 1) % 2], A[block.x * 32 : +32, min(kt + 1, K / 32 - 1) * 32 : +32] layout copy(vec=4)
    store C[block.x * 32 : +32, 0 : +32], acc
