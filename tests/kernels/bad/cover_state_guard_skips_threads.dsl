# State Y stored under not (F[0] <= 0 or thread.x >= 16): the upper half of each tile is
# never written, whatever F holds (held-out round 91).
kernel state_guard_skips_threads(X: f32[N], Y: f32[N], F: i32[4]):
    assume N % 32 == 0 and N >= 64
    grid (N / 32)
    threads 32
    tag X[i] = (idx=i)
    tag Y[i] = (idx=i)
    x = load X[block.x * 32 : +32]
    old = load Y[block.x * 32 : +32]
    if not (F[0] <= 0 or thread.x >= 16):
        store Y[block.x * 32 : +32], x  #! error[COVER]
