# State Y stored under F[0] > 127 of an i8 F: never (held-out round 95: the value read was
# any integer, not one i8 holds).
kernel state_guard_past_i8(X: f32[N], Y: f32[N], F: i8[4]):
    assume N % 32 == 0 and N >= 64
    grid (N / 32)
    threads 32
    tag X[i] = (idx=i)
    tag Y[i] = (idx=i)
    x = load X[block.x * 32 : +32]
    old = load Y[block.x * 32 : +32]
    if F[0] > 127:
        store Y[block.x * 32 : +32], x  #! error[COVER]
