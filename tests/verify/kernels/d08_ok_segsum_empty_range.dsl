# Y[r] = sum(X[r, :LEN[r]]), 0 <= LEN[r] <= 64, empty rows zero by an empty range field.
kernel d08_ok_segsum_empty_range(X: f32[R, 64], LEN: i32[R], Y: f32[R]):
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
    store Y[block.x * BR : +BR], s
