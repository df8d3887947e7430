# Buggy sibling of tests/verify/kernels/branch_store.dsl: the odd threads' branch is
# missing, so half of s is never written and the load after the barrier reads it (INIT).
kernel parity_stage(X: f32[N], Y: f32[N]):
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
    barrier
    y = load s[0 : +256]  #! error[INIT]
    store Y[block.x * 256 : +256], y
