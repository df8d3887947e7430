# State Y stored under F[0] == 2 of a bool F: never (held-out round 95).
kernel state_guard_bool_two(X: f32[N], Y: f32[N], F: bool[4]):
    assume N % 32 == 0 and N >= 64
    grid (N / 32)
    threads 32
    tag X[i] = (idx=i)
    tag Y[i] = (idx=i)
    x = load X[block.x * 32 : +32]
    old = load Y[block.x * 32 : +32]
    if F[0] == 2:
        store Y[block.x * 32 : +32], x  #! error[COVER]
