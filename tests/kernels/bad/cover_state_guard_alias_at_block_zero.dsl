# State Y stored under F[0] > 0 and F[block.x] <= 0: at block 0 one element, so block 0's
# tile is never written (held-out round 92).
kernel state_guard_alias_at_block_zero(X: f32[N], Y: f32[N], F: i32[NB]):
    assume N == NB * 32 and NB >= 2
    grid (NB)
    threads 32
    tag X[i] = (idx=i)
    tag Y[i] = (idx=i)
    x = load X[block.x * 32 : +32]
    old = load Y[block.x * 32 : +32]
    if F[0] > 0 and F[block.x] <= 0:
        store Y[block.x * 32 : +32], x  #! error[COVER]
