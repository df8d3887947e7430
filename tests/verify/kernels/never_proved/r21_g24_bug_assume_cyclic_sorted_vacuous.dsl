# gather of the row after idx[t]; assume idx increasing around the cycle ((t + 1) % T, meant t + 1 < T): contradictory for every T; BUG: idx[t] + 1 = N reads past X
kernel g24_bug_assume_cyclic_sorted_vacuous(X: f32[N, 64], idx: i32[T], Y: f32[T, 64]):
    assume idx[t] >= 0 and idx[t] < N
    assume idx[t] < idx[(t + 1) % T]
    grid (T)
    threads 64
    tag X[r, d] = (row=r, col=d)
    tag Y[t, d] = (col=d)
    x = load X[idx[block.x] + 1, 0 : +64]
    store Y[block.x, 0 : +64], x
