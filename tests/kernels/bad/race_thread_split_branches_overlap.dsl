# Buggy sibling of tests/verify/kernels/branch_store.dsl: the even threads' store has the
# layout ((2, 128), 2):((256, 2), 1), which gives even thread t the elements t and t + 1 (odd
# threads' slots fall past the tile), while the odd threads keep the default (thread t,
# element t). Every element is written, but each odd one twice, by thread t in the else branch
# and thread t - 1 in the other, with no barrier between: a RACE on s[1]. The two branches of
# a thread-dependent `if` were not paired (no path of one thread leads from one to the other),
# so this kernel was proved.
kernel parity_stage_branches_overlap(X: f32[N], Y: f32[N]):
    assume N % 256 == 0
    grid (N / 256)
    threads 256
    tag X[i] = (i=i)
    s = shared f32[256]
    x = load X[block.x * 256 : +256]
    d = x * 2.0
    p = x + 1.0
    if thread.x % 2 == 1:
        store s[0 : +256], d
    else:
        store s[0 : +256], p layout ((2, 128), 2):((256, 2), 1)  #! error[RACE]
    barrier
    y = load s[0 : +256]
    assert tag(y[i]).i == block.x * 256 + i
    store Y[block.x * 256 : +256], y
