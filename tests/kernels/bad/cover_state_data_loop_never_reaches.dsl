# The data loop (tests/verify/kernels/r91_ok_state_data_loop.dsl) storing at j == 5, which a
# trip count F[0] <= 3 never reaches: Y is never written (held-out round 91).
kernel state_data_loop_never_reaches(X: f32[N], Y: f32[N], F: i32[4]):
    assume N % 32 == 0 and N >= 64
    assume F[i] >= 0 and F[i] <= 3
    grid (N / 32)
    threads 32
    tag X[i] = (idx=i)
    tag Y[i] = (idx=i)
    x = load X[block.x * 32 : +32]
    old = load Y[block.x * 32 : +32]
    for j in range(F[0]):
        if j == 5:
            store Y[block.x * 32 : +32], x  #! error[COVER]
