# as m02 with the truncating division in a condition: kt / 2 == 0 holds at kt = -1 only
kernel m03_loopvar_reuse_neg_cond(X: f32[3, 32], Y: f32[3, 32], Z: f32[1, 32]):
    grid (1)
    threads 32
    for kt in range(-3, 0):
        x = load X[kt + 3 : +1, 0 : +32]
        if kt / 2 == 0:
            x = x * 2.0
        store Y[kt + 3 : +1, 0 : +32], x
    for kt in range(0, 1):
        z = load X[kt : +1, 0 : +32]
        store Z[kt : +1, 0 : +32], z
