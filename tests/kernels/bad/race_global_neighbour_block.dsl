# Buggy in-place update: each block scales its tile of X by the next block's tile, which
# that block may already have overwritten (blocks are unordered: RACE between blocks).
kernel scale_by_neighbour(X: f32[N]):
    assume N % 256 == 0
    grid (N / 256)
    threads 256
    x = load X[block.x * 256 : +256]
    z = load X[(block.x + 1) % (N / 256) * 256 : +256]  #! error[RACE]
    y = x * z
    store X[block.x * 256 : +256], y
