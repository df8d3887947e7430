# A claim under a role condition that every thread holding the tile passes (the layout puts
# the 16 x 4 tile on threads 0-63; the claim sits under `if thread.x < 64`): it checks every
# element, so it proves with no warning that part of the tile goes unchecked.
kernel cp_rows(X: f32[R, C], Y: f32[R, C]):
    assume R % 16 == 0 and C % 4 == 0
    grid (R / 16, C / 4)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r, col=c)
    x = load X[block.x * 16 : +16, block.y * 4 : +4] layout (16, 4):(4, 1)
    if thread.x < 64:
        assert tag(x[i, j]).row == block.x * 16 + i and tag(x[i, j]).col == block.y * 4 + j
    store Y[block.x * 16 : +16, block.y * 4 : +4], x
