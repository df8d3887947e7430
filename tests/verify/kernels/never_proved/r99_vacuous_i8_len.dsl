# Held-out round 99: an assume no element of the input's type meets (proved vacuously: E031 now)
kernel r99_vacuous_i8_len(X: f32[R, K, 32], LEN: i8[R], O: f32[R, 32]):
    assume LEN[i] >= 128 and LEN[i] <= K
    grid (R)
    threads 32
    tag X[r, k, c] = (row=r, k=k, col=c)
    tag O[r, c] = (row=r, col=c, k=range(0, LEN[r]))
    acc = zeros f32[1, 32]
    for k in range(LEN[block.x] - 5):
        x = load X[block.x, k + 7 : +1, 0 : +32]
        acc = acc + x
    store O[0 : +1, 0 : +32], acc
