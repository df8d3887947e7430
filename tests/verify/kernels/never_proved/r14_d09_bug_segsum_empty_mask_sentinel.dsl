# d08 (segment sums, empty rows zero by an empty range) but the empty rows are flagged with a
# mask filled -1.0: -1.0 is stored where the empty range says zeros.
kernel d09_bug_segsum_empty_mask_sentinel(X: f32[R, 64], LEN: i32[R], Y: f32[R]):
    assume R % 4 == 0
    assume LEN[r] >= 0 and LEN[r] <= 64
    const BR, C = 4, 64
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r, col=range(0, LEN[r]))
    x = load X[block.x * BR : +BR, 0 : +C]
    ln = load LEN[block.x * BR : +BR]
    s = sum(mask(x, index(x, axis=1) < bcast(ln, axis=1, n=C), fill=0.0), axis=1)
    y = mask(s, ln > 0, fill=-1.0)
    store Y[block.x * BR : +BR], y
