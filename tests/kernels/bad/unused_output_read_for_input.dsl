# Y = 2 * X written as `load Y` where `load X` was meant: an output read before it is stored
# holds what its tag function says, so the kernel proves; X is never read.
kernel output_read_for_input(X: f32[R, C], Y: f32[R, C]):  #! warning[UNUSED]
    assume R % 4 == 0 and C == 64
    grid R / 4
    threads 64
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r, col=c)
    y = load Y[block.x * 4 : +4, 0 : +64]
    z = y * 2.0
    store Y[block.x * 4 : +4, 0 : +64], z
