# State Y stored only under F[0] > 3, which the data assume F[i] <= 3 rules out: no element
# is ever written (held-out round 91: the conditions on data were dropped as if they held).
kernel state_guard_assumed_false(X: f32[N], Y: f32[N], F: i32[4]):
    assume N % 32 == 0 and N >= 64
    assume F[i] >= 0 and F[i] <= 3
    grid (N / 32)
    threads 32
    tag X[i] = (idx=i)
    tag Y[i] = (idx=i)
    x = load X[block.x * 32 : +32]
    old = load Y[block.x * 32 : +32]
    if F[0] > 3:
        store Y[block.x * 32 : +32], x  #! error[COVER]
