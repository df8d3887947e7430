# Y[r, c] = X[r, c] for c < 40, zeros for c >= 40 (tag condition). The kernel fills the tail from
# a second input B that has no tag function (meant to be a bias added to the first 40 columns):
# B's nonzero values are stored where Y must hold 0.0.
kernel p01_bug_untagged_in_zero_region(X: f32[R, 64], B: f32[R, 64], Y: f32[R, 64]):
    assume R % 4 == 0
    grid (R / 4)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r, col=c) if c < 40
    x = load X[block.x * 4 : +4, 0 : +64]
    b = load B[block.x * 4 : +4, 0 : +64]
    y = where(index(x, axis=1) < 40, x, b)
    store Y[block.x * 4 : +4, 0 : +64], y
