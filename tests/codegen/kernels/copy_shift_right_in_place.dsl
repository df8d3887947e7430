# Each thread shifts its own row of a shared tile right by one column, in place: a copy
# whose source and destination overlap inside one thread (held-out round 37: the lowering
# copied value by value and smeared column 0 along the row). Y[r, c] = X[r, max(c - 1, 0)]
kernel rowshift(X: f32[R, 8], Y: f32[R, 8]):
    assume R % 32 == 0
    grid (R / 32)
    threads 32
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r, col=max(c - 1, 0))
    s = shared f32[32, 8]
    copy s[0 : +32, 0 : +8], X[block.x * 32 : +32, 0 : +8] layout (32, 8):(8, 1)
    copy s[0 : +32, 1 : +7], s[0 : +32, 0 : +7] layout (32, 7):(7, 1)
    a = load s[0 : +32, 0 : +8] layout (32, 8):(8, 1)
    store Y[block.x * 32 : +32, 0 : +8], a
