# Row sums of the first LEN[r] columns of a 256-wide tile of a 200-column X (fill 1.0 past 200).
# lim is computed from LEN, then ln is reloaded from LEN2 (<= 200) before the re-mask reads lim.
# The re-mask keeps columns < LEN[r] (up to 256): the 1.0 padding at columns >= 200 is summed.
kernel c02_stale_len_compute(X: f32[R, 200], LEN: i32[R], LEN2: i32[R], Y: f32[R]):
    assume R % 4 == 0
    assume LEN[r] >= 1 and LEN[r] <= 256
    assume LEN2[r] >= 1 and LEN2[r] <= 200
    const BR, BC = 4, 256
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r)
    x = load X[block.x * BR : +BR, 0 : +BC] masked(fill=1.0)
    ln = load LEN[block.x * BR : +BR]
    lim = ln + 0
    ln = load LEN2[block.x * BR : +BR]
    u = mask(x, index(x, axis=1) < bcast(lim, axis=1, n=BC), fill=0.0)
    s = sum(u, axis=1)
    store Y[block.x * BR : +BR], s
