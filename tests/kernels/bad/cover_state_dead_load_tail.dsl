# An unused load makes Y state; a guarded store then left the tail of a rounded-down
# grid unchecked (held-out round 88).
kernel state_dead_load_tail(X: f32[N], Y: f32[N], F: i32[1]):
    assume N >= 1
    grid (N / 32)  #! warning[GRID]
    threads 32
    tag X[i] = (idx=i)
    tag Y[i] = (idx=i)
    x = load X[block.x * 32 : +32]
    old = load Y[block.x * 32 : +32]
    y = x * 2.0
    store Y[block.x * 32 : +32], y  #! error[COVER]
    if F[0] > 100:
        store Y[block.x * 32 : +32], y
