# Held-out round 91 (a false alarm): state Y stored in the first iteration of a loop whose
# trip count reads data: every element is written where F[0] >= 1, as a flag's if would.
kernel state_data_loop(X: f32[N], Y: f32[N], F: i32[4]):
    assume N % 32 == 0 and N >= 64
    assume F[i] >= 0 and F[i] <= 3
    grid (N / 32)
    threads 32
    tag X[i] = (idx=i)
    tag Y[i] = (idx=i)
    x = load X[block.x * 32 : +32]
    old = load Y[block.x * 32 : +32]
    for j in range(F[0]):
        if j == 0:
            store Y[block.x * 32 : +32], x
