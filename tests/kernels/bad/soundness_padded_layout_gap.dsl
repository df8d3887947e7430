# A padded thread-value layout with a gap: e = 8 lane + 2 w reaches only the even rows
# of s (lane 0 of warps 0-3), so s[1], s[3], ... are never written and never stored.
kernel reduce_warp_gap(X: f32[R, 32], Y: f32[R]):
    assume R % 8 == 0
    grid (R / 8)
    threads 256
    tag X[r, c] = (row=r, col=c)
    x = load X[block.x * 8 : +8, 0 : +32] layout ((32, 8), 1):((1, 32), 0)
    s = sum(x, axis=1) layout ((32, 8), 1):((8, 2), 0)  #! error[INIT]
    store Y[block.x * 8 : +8], s  #! error[COVER]
