# row sums of the first LEN[r] columns; n = LEN + 0 taken before ln is reloaded from LEN2 (unused)
kernel stale_len_ok(X: f32[R, 64], LEN: i32[R], LEN2: i32[R], S: f32[R]):
    assume R % 4 == 0
    assume LEN[r] >= 0 and LEN[r] <= 64 and LEN2[r] >= 0 and LEN2[r] <= 64
    const BR, C = 4, 64
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag S[r] = (row=r, col=range(0, LEN[r]))
    x = load X[block.x * BR : +BR, 0 : +C]
    ln = load LEN[block.x * BR : +BR]
    n = ln + 0
    ln = load LEN2[block.x * BR : +BR]
    xm = mask(x, index(x, axis=1) < bcast(n, axis=1, n=C), fill=0.0)
    s = sum(xm, axis=1)
    store S[block.x * BR : +BR], s
