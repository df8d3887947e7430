# gather of the previous row Y[t] = X[idx[t] - 1]; 'sorted, non-negative' written with idx[t - 1], which at t = 0 names an element before the array (a phantom >= 0 forces idx[0] >= 1); bug: idx[0] may be 0, reads X[-1]
kernel b34_bug_gather_prev_phantom_predecessor(X: f32[N, 64], idx: i32[T], Y: f32[T, 64]):
    assume T % 16 == 0
    assume idx[t] < N and idx[t - 1] >= 0 and idx[t - 1] < idx[t]
    grid T / 16
    threads 64
    tag X[n, d] = (src=n, d=d)
    for r in range(16):
        x = load X[idx[block.x * 16 + r] - 1 : +1, 0 : +64]
        store Y[block.x * 16 + r : +1, 0 : +64], x
