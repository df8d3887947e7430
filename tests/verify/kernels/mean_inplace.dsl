# Row means: the sum is scaled in place after the accumulation (issue 17's held-out
# mean_inplace). The literal carries no input element, so `s = s / 64.0` adds no record:
# s keeps exactly the row's C columns, each once (it was refuted with "computed from no input").
kernel mean_inplace(X: f32[R, C], Y: f32[R]):
    assume R % 4 == 0 and C % 64 == 0 and C >= 64
    grid (R / 4)
    threads 64
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r)
    s = zeros f32[4]
    for ct in range(C / 64):
        x = load X[block.x * 4 : +4, ct * 64 : +64]
        s = s + sum(x, axis=1)
    s = s / 64.0
    assert tag(s[i]).col == range(0, C) and tag(s[i]).row == block.x * 4 + i
    store Y[block.x * 4 : +4], s
