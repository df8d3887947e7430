# New-user round 53: padding meets data in place (a = a + b) only at the column the masked store
# leaves out (C = 1): the place of the shifted load's padding says so.
kernel masked_store_inplace_pad(X: f32[R, C], Y: f32[R, C]):
    assume C >= 1 and C <= 2
    grid (R)
    threads 32
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r, col=range(0, c + 1))
    s0 = shared f32[2]
    copy s0[0 : +2], X[block.x, 0 : +2] masked(fill=0.0)
    barrier
    a = load s0[1 : +1]
    b = load s0[0 : +1]
    a = a + b
    store Y[block.x, 1 : +1], a masked
    store Y[block.x, 0 : +1], b
