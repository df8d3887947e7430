# Buggy sibling of tests/verify/kernels/branch_store.dsl: the odd threads' store into shared
# memory has the layout ((2, 128), 1):((128, 1), 0), which gives odd thread t the element
# 128 + t / 2, while the even threads keep the default (thread t, element t): s[128] is
# written by thread 128 and by thread 1 with no barrier between (RACE), and the odd elements
# below 128 by nobody (INIT at the load).
kernel parity_stage_layouts_differ(X: f32[N], Y: f32[N]):
    assume N % 256 == 0
    grid (N / 256)
    threads 256
    tag X[i] = (i=i)
    s = shared f32[256]
    x = load X[block.x * 256 : +256]
    d = x * 2.0
    p = x + 1.0
    if thread.x % 2 == 0:
        store s[0 : +256], d
    else:
        store s[0 : +256], p layout ((2, 128), 1):((128, 1), 0)  #! error[RACE]
    barrier
    y = load s[0 : +256]  #! error[INIT]
    store Y[block.x * 256 : +256], y
