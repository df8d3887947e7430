kernel p03_bad_state_rel_assume(X: f32[N], Y: f32[N], F: i32[4]):
    assume N % 32 == 0 and N >= 64
    assume i + 1 == 4 or F[i] <= F[i + 1]
    grid (N / 32)
    threads 32
    tag X[i] = (idx=i)
    tag Y[i] = (idx=i)
    x = load X[block.x * 32 : +32]
    old = load Y[block.x * 32 : +32]
    if F[0] > F[1]:
        store Y[block.x * 32 : +32], x
