# MoE gather of expert weights by route; assume experts strictly increase over tokens cyclically (route[t] < route[(t + 1) % T], meant non-decreasing): contradictory; BUG: uses route[t] + 1
kernel g31_bug_route_cyclic_expert_order(X: f32[T, 64], W: f32[E, 64], route: i32[T], Y: f32[T, 64]):
    assume route[t] >= 0 and route[t] < E
    assume route[t] < route[(t + 1) % T]
    grid (T)
    threads 64
    tag X[t, d] = (tok=t, col=d)
    tag W[e, d] = (col=d)
    tag Y[t, d] = (tok=t, col=d)
    x = load X[block.x, 0 : +64]
    w = load W[route[block.x] + 1, 0 : +64]
    y = x * w
    store Y[block.x, 0 : +64], y
