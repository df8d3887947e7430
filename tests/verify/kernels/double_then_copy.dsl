# Read after write in global memory within a block: the block doubles its tile of X in
# place, and after a barrier reads it back with another distribution (thread t reads
# elements 2t and 2t + 1, which threads 2t and 2t + 1 wrote) and copies it to Y.
kernel double_then_copy(X: f32[N], Y: f32[N]):
    assume N % 256 == 0
    grid (N / 256)
    threads 256
    tag X[i] = (i=i)
    x = load X[block.x * 256 : +256]
    d = x * 2.0
    store X[block.x * 256 : +256], d
    barrier
    z = load X[block.x * 256 : +256] layout (128, 2):(2, 1)
    store Y[block.x * 256 : +256], z
