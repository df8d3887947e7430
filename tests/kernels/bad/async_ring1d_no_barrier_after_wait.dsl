# Buggy sibling of tests/verify/kernels/ring1d_sum.dsl: no barrier after the wait_group, so a
# thread reads elements another thread's copy filled before that copy is visible to it (ASYNC).
kernel ring1d_sum(X: f32[N], Y: f32[M]):
    assume N % 1536 == 0 and M * 6 == N
    const B, NT = 256, 6
    grid (N / 1536)
    threads 64
    tag X[i] = (blk=i / 1536, kt=(i % 1536) / 256, i=i % 256)
    tag Y[i] = (blk=i / 256, i=i % 256, kt=range(0, 6))
    s = shared f32[2, B]
    copy_async s[0, 0 : +B], X[block.x * 1536 : +B] layout copy(vec=4)
    commit
    acc = zeros f32[B]
    for kt in range(NT):
        if kt + 1 < NT:
            copy_async s[(kt + 1) % 2, 0 : +B], X[block.x * 1536 + (kt + 1) * B : +B] layout copy(vec=4)
        commit
        wait_group 1
        x = load s[kt % 2, 0 : +B]  #! error[ASYNC]
        acc = acc + x
        barrier
    store Y[block.x * B : +B], acc

