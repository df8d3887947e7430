# Buggy sibling of tests/verify/kernels/tail_copy.dsl: the copy stages only the first 128
# elements of each tile while the load reads all 256 of them (INIT).
kernel tail_copy(X: f32[N], Y: f32[N]):
    grid ((N + 255) / 256)
    threads 256
    tag X[i] = (i=i)
    s = shared f32[256]
    if block.x * 256 + thread.x < N and thread.x < 128:
        copy s[0 : +256], X[block.x * 256 : +256]
    barrier
    if block.x * 256 + thread.x < N:
        x = load s[0 : +256]  #! error[INIT]
        store Y[block.x * 256 : +256], x
