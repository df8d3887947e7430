# Held-out round 22: a gather Y[t] = X[pos[t]], pos strictly increasing inside [0, N), N = 2T. The
# assumption reads pos[t + 1] only where t + 1 < T (the `or` reads left to right), and N == 2 * T
# is met by no equal sizes: the satisfiability check finds sizes from the size-only facts.
kernel r22_ok_gather_increasing_pos(X: f32[N, 64], pos: i32[T], Y: f32[T, 64]):
    assume T % 16 == 0 and N == 2 * T
    assume pos[t] >= 0 and pos[t] < N and (t + 1 == T or pos[t] < pos[t + 1])
    grid T / 16
    threads 64
    tag X[n, d] = (src=n, d=d)
    tag Y[t, d] = (src=pos[t], d=d)
    for r in range(16):
        x = load X[pos[block.x * 16 + r] : +1, 0 : +64]
        store Y[block.x * 16 + r : +1, 0 : +64], x
