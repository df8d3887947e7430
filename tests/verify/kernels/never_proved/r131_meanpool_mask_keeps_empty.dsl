# Held-out round 131 (buggy sibling): the mask keeps acc / LEN[b] where LEN[b] >= 0, so at LEN[b] = 0
# it stores 0 / 0 (NaN) where the tag function's empty range says zeros.
kernel meanpool(X: f32[NB, T, 64], LEN: i32[NB], Y: f32[NB, 64]):
    assume NB >= 1 and T >= 1
    assume LEN[b] >= 0 and LEN[b] <= T
    const BT = 16
    grid (NB)
    threads 64
    tag X[b, t, d] = (seq=b, tok=t, d=d)
    tag Y[b, d] = (seq=b, d=d, tok=range(0, LEN[b]))
    acc = zeros f32[64]
    for tt in range((LEN[block.x] + BT - 1) / BT):
        x = load X[block.x, tt * BT : +BT, 0 : +64] masked(fill=0.0)
        xm = mask(x, tt * BT + index(x, axis=0) < LEN[block.x], fill=0.0)
        acc = acc + sum(xm, axis=0)
    y = mask(acc / LEN[block.x], LEN[block.x] >= 0, fill=0.0)
    store Y[block.x, 0 : +64], y
