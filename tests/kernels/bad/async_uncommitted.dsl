# The copy_async is never committed, so wait_group 0 has no group to wait for and the
# copy may still be in flight when the tile is read.
kernel stage_uncommitted(X: f16[N], Y: f16[N]):
    assume N % 256 == 0
    grid (N / 256)
    threads 128
    tag X[i] = (i=i)
    s = shared f16[256]
    copy_async s[0 : +256], X[block.x * 256 : +256] layout copy(vec=2)
    wait_group 0
    barrier
    x = load s[0 : +256]  #! error[ASYNC]
    store Y[block.x * 256 : +256], x
