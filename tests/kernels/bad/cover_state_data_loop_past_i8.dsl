# State Y stored in range(F[0] - 127) of an i8 F: the loop never runs (held-out round 95).
kernel state_data_loop_past_i8(X: f32[N], Y: f32[N], F: i8[4]):
    assume N % 32 == 0 and N >= 64
    grid (N / 32)
    threads 32
    x = load X[block.x * 32 : +32]
    old = load Y[block.x * 32 : +32]
    for j in range(F[0] - 127):
        store Y[block.x * 32 : +32], x  #! error[COVER]
