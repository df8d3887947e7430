# Held-out round 60: a permutation scatter that clamps its row to 4: correct for T <= 5, from
# T = 6 on rows past 4 write Y[P[4]] again (a model needs more than 4 rows: the small-model
# step's second size, 8).
kernel perm_clamp(X: f32[T, D], P: i32[T], INV: i32[T], Y: f32[T, D]):
    assume D % 64 == 0
    assume P[t] >= 0 and P[t] < T and INV[t] >= 0 and INV[t] < T
    assume INV[P[t]] == t and P[INV[t]] == t
    const BD = 64
    grid (T, D / BD)
    threads 64
    tag X[t, d] = (src=t, col=d)
    tag Y[r, d] = (src=INV[r], col=d)
    x = load X[min(block.x, 4) : +1, block.y * BD : +BD]
    store Y[P[min(block.x, 4)] : +1, block.y * BD : +BD], x  #! error[COVER]
