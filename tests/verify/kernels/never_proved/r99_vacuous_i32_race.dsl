# Held-out round 99: an assume no element of the input's type meets (proved vacuously: E031 now)
kernel r99_vacuous_i32_race(X: f32[N], Y: f32[N], F: i32[NB]):
    assume N == NB * 64 and NB >= 2
    assume F[i] > 2147483647
    grid (NB)
    threads 32
    tag X[i] = (idx=i)
    tag Y[i] = (idx=i)
    if F[block.x] > 0:
        x = load X[block.x * 64 : +64] layout (32, 2):(2, 1)
        store Y[0 : +64], x layout (32, 2):(2, 1)
        store Y[0 : +64], x layout (32, 2):(1, 32)
