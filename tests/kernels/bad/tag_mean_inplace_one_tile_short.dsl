# The accumulation stops one tile short and the sum is then scaled in place: the scale adds
# no record, so the range claim finds the last tile's columns missing (sibling of
# tests/verify/kernels/mean_inplace.dsl).
kernel mean_inplace(X: f32[R, C], Y: f32[R]):
    assume R % 4 == 0 and C % 64 == 0 and C >= 128
    grid (R / 4)
    threads 64
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r)
    s = zeros f32[4]
    for ct in range(C / 64 - 1):
        x = load X[block.x * 4 : +4, ct * 64 : +64]
        s = s + sum(x, axis=1)
    s = s / 64.0
    assert tag(s[i]).col == range(0, C) and tag(s[i]).row == block.x * 4 + i  #! error[TAG]
    store Y[block.x * 4 : +4], s
