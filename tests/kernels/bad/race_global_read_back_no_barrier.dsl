# Buggy sibling of tests/verify/kernels/double_then_copy.dsl: no barrier between the
# in-place store and the read-back, so thread 0 reads X[1] while thread 1 writes it (RACE).
kernel double_then_copy(X: f32[N], Y: f32[N]):
    assume N % 256 == 0
    grid (N / 256)
    threads 256
    tag X[i] = (i=i)
    x = load X[block.x * 256 : +256]
    d = x * 2.0
    store X[block.x * 256 : +256], d
    z = load X[block.x * 256 : +256] layout (128, 2):(2, 1)  #! error[RACE]
    store Y[block.x * 256 : +256], z
