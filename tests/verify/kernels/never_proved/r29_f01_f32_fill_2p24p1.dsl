# f32 masked row sum: fill 16777217.0 (f32 holds 16777216.0), then x - 16777216.0 - 1.0:
# exactly 0.0 if the fill were 16777217, -1.0 per padded element as the f32 tile holds it
kernel f01_f32_fill_2p24p1(X: f32[R, C], S: f32[R]):
    assume R % 4 == 0 and C >= 1
    grid (R / 4)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag S[r] = (row=r, col=range(0, C))
    s = zeros f32[4]
    for ct in range((C + 31) / 32):
        x = load X[block.x * 4 : +4, ct * 32 : +32] masked(fill=16777217.0)
        y = x - 16777216.0 - 1.0
        s = s + sum(y, axis=1)
    store S[block.x * 4 : +4], s
