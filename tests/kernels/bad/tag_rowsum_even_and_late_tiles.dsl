# rowsum_even_odd_updates with the odd tiles' update under `ct >= 1` instead of `else`: tile 2
# is added by both (needs C >= 3 tiles of 64).
kernel rowsum_even_and_late_tiles(X: f32[R, C], Y: f32[R]):
    assume R % 4 == 0 and C % 64 == 0 and C >= 64
    grid (R / 4)
    threads 64
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r, col=range(0, C))
    acc = zeros f32[4]
    for ct in range(C / 64):
        x = load X[block.x * 4 : +4, ct * 64 : +64]
        if ct % 2 == 0:
            acc = acc + sum(x, axis=1)
        if ct >= 1:
            acc = acc + sum(x, axis=1)
    store Y[block.x * 4 : +4], acc  #! error[TAG]
