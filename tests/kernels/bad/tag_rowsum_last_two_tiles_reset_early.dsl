# rowsum_last_two_tiles with the reset under `ct == C / 64 - 3`: the store holds the last
# three tiles (needs C >= 3 tiles of 64).
kernel rowsum_last_two_tiles_reset_early(X: f32[R, C], Y: f32[R]):
    assume R % 4 == 0 and C % 64 == 0 and C >= 128
    grid (R / 4)
    threads 64
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r, col=range(C - 128, C))
    acc = zeros f32[4]
    for ct in range(C / 64):
        if ct == C / 64 - 3:
            acc = zeros f32[4]
        x = load X[block.x * 4 : +4, ct * 64 : +64]
        acc = acc + sum(x, axis=1)
    store Y[block.x * 4 : +4], acc  #! error[TAG]
