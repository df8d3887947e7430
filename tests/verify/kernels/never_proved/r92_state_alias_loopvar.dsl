kernel p25_bad_state_alias_loopvar(X: f32[N], Y: f32[N], F: i32[4]):
    assume N % 32 == 0 and N >= 64
    grid (N / 32)
    threads 32
    tag X[i] = (idx=i)
    tag Y[i] = (idx=i)
    x = load X[block.x * 32 : +32]
    old = load Y[block.x * 32 : +32]
    for j in range(0, 1):
        if F[0] > 0 and F[j] <= 0:
            store Y[block.x * 32 : +32], x
