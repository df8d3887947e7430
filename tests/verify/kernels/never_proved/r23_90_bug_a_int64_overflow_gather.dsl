kernel ovf_gather(X: f32[R, 32], IDX: i32[T], Y: f32[T, 32]):
    assume IDX[t] >= 0
    grid (T)
    threads 32
    tag X[r, c] = (row=r, col=c)
    tag Y[t, c] = (row=(IDX[t] * 8589934592) % R, col=c)
    x = load X[(IDX[block.x] * 8589934592) % R, 0 : +32]
    store Y[block.x, 0 : +32], x
