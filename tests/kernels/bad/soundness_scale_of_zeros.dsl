# A tile of zeros scaled in place holds no input's record: the scale adds none, so the
# value stays data-free and the output's tag function is not met ("computed from no
# input"), never held vacuously.
kernel scale_of_zeros(X: f32[R, 64], Y: f32[R, 64]):
    assume R % 8 == 0
    grid (R / 8)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r, col=c)
    x = zeros f32[8, 64]
    x = x * 2.0
    store Y[block.x * 8 : +8, 0 : +64], x  #! error[TAG]
