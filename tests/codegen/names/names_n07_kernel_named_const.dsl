# Name clash probe: the kernel is named BM, like its constant.
kernel BM(X: f32[N], Y: f32[N]):
    assume N % 64 == 0
    const BM = 64
    grid (N / BM)
    threads 64
    tag X[i] = (i=i)
    tag Y[i] = (i=i)
    x = load X[block.x * BM : +BM]
    y = x * 2.0
    store Y[block.x * BM : +BM], y
