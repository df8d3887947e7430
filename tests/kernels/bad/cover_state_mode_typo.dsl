# A mode flag compared with 2 where the assume allows 0 and 1 only (a typo for 1): the store
# never runs (held-out round 91).
# MODE[0] is 0 (keep Y) or 1 (Y = 2 X); the branch tests MODE[0] == 2, which the assume rules out:
# Y is never written.
kernel state_mode_typo(X: f32[N], Y: f32[N], MODE: i32[1]):
    assume N % 32 == 0 and N >= 32
    assume MODE[i] >= 0 and MODE[i] <= 1
    grid (N / 32)
    threads 32
    tag X[i] = (idx=i)
    tag Y[i] = (idx=i)
    old = load Y[block.x * 32 : +32]
    x = load X[block.x * 32 : +32]
    y = x * 2.0
    if MODE[0] == 2:
        store Y[block.x * 32 : +32], y  #! error[COVER]
