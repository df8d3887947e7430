# Odd blocks scale their tile in place by the previous block's rows: the scale carries data,
# so its records stay and the store's tag function fails there (sibling of
# tests/verify/kernels/cond_reassign.dsl, where the scale is by a literal).
kernel cond_reassign(X: f32[R, 64], Y: f32[R, 64]):
    assume R % 8 == 0
    grid (R / 8)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r, col=c)
    x = load X[block.x * 8 : +8, 0 : +64]
    if block.x % 2 == 1:
        p = load X[(block.x - 1) * 8 : +8, 0 : +64]
        x = x * p
    store Y[block.x * 8 : +8, 0 : +64], x  #! error[TAG]
