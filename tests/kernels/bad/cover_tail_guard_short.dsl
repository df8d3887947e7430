# Buggy sibling of tests/verify/kernels/tail_copy.dsl: the store's guard is off by one (N
# - 1), so the last element of Y is never written (COVER).
kernel tail_copy(X: f32[N], Y: f32[N]):
    grid ((N + 255) / 256)
    threads 256
    tag X[i] = (i=i)
    s = shared f32[256]
    if block.x * 256 + thread.x < N:
        copy s[0 : +256], X[block.x * 256 : +256]
    barrier
    if block.x * 256 + thread.x < N - 1:
        x = load s[0 : +256]
        assert tag(x[i]).i == block.x * 256 + i
        store Y[block.x * 256 : +256], x  #! error[COVER]
