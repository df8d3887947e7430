# two sequential loops reuse the loop variable name kt; the first runs over -2, -1.
# C's remainder: (-2) % 2 + 1 = 1 and (-1) % 2 + 1 = 0, so Y[1] = X[0] and Y[0] = X[1].
kernel m02_loopvar_reuse_neg_sub(X: f32[2, 32], Y: f32[2, 32], Z: f32[1, 32]):
    grid (1)
    threads 32
    tag X[r, c] = (row=r, col=c)
    for kt in range(-2, 0):
        x = load X[kt + 2 : +1, 0 : +32]
        store Y[kt % 2 + 1 : +1, 0 : +32], x
    for kt in range(0, 1):
        z = load X[kt : +1, 0 : +32]
        store Z[kt : +1, 0 : +32], z
