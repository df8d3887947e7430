# Naive transpose seed: Y = X^T; each block reads 32 rows of a 32-column strip of X and
# writes each row straight into a column of Y (uncoalesced writes, no shared memory).
kernel transpose(X: f32[M, N], Y: f32[N, M]):
    assume M % 32 == 0 and N % 32 == 0
    const T = 32
    grid (N / T, M / T)
    threads 256
    tag X[i, j] = (row=i, col=j)
    tag Y[j, i] = (row=i, col=j)
    for i in range(T):
        x = load X[block.y * T + i, block.x * T : +T]
        assert tag(x[j]).row == block.y * T + i and tag(x[j]).col == block.x * T + j
        store Y[block.x * T : +T, block.y * T + i], x
