# State Y stored under F[0] > 0 and F[0 + 0] <= 0: one element, so the store never runs
# (held-out round 92: each spelling was a value of its own).
kernel state_guard_one_element_two_spellings(X: f32[N], Y: f32[N], F: i32[4]):
    assume N % 32 == 0 and N >= 64
    grid (N / 32)
    threads 32
    tag X[i] = (idx=i)
    tag Y[i] = (idx=i)
    x = load X[block.x * 32 : +32]
    old = load Y[block.x * 32 : +32]
    if F[0] > 0 and F[0 + 0] <= 0:
        store Y[block.x * 32 : +32], x  #! error[COVER]
