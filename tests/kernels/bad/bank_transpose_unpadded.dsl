# Tiled transpose with an unpadded shared tile: the 32 lanes writing column i of the
# tile write addresses 32 floats apart, all in bank i (a 32-way conflict).
kernel transpose_unpadded(X: f32[M, N], Y: f32[N, M]):
    assume M % 32 == 0 and N % 32 == 0
    const T = 32
    grid (N / T, M / T)
    threads 256
    tag X[i, j] = (row=i, col=j)
    tag Y[j, i] = (row=i, col=j)
    s = shared f32[T, T]
    for i in range(T):
        copy s[0 : +T, i], X[block.y * T + i, block.x * T : +T]  #! warning[BANK]
    barrier
    t = load s[0 : +T, 0 : +T]
    assert tag(t[j, i]).row == block.y * T + i and tag(t[j, i]).col == block.x * T + j
    store Y[block.x * T : +T, block.y * T : +T], t
