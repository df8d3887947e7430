# A single-stage async staging that commits its copy but never waits for it: the
# barrier alone does not make a copy_async land.
kernel stage_async(X: f16[N], Y: f16[N]):
    assume N % 256 == 0
    grid (N / 256)
    threads 128
    tag X[i] = (i=i)
    s = shared f16[256]
    copy_async s[0 : +256], X[block.x * 256 : +256] layout copy(vec=2)
    commit
    barrier
    x = load s[0 : +256]  #! error[ASYNC]
    store Y[block.x * 256 : +256], x
