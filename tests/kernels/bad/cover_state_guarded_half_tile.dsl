# Each block stores half its tile of Y, next to a store under a condition on data: half
# of Y is never written, whatever the data (held-out round 88).
kernel state_guarded_half_tile(X: f32[N], Y: f32[N], F: i32[1]):
    assume N % 32 == 0 and N >= 32
    grid (N / 32)
    threads 16
    tag X[i] = (idx=i)
    tag Y[i] = (idx=i)
    x = load X[block.x * 32 : +16]
    old = load Y[block.x * 32 : +16]
    y = x * 2.0
    store Y[block.x * 32 : +16], y  #! error[COVER]
    if F[0] > 100:
        store Y[block.x * 32 : +16], y
