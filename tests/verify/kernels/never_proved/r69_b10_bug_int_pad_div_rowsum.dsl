# BUG: padding 1: c = m - m / 2 * 2 is 1 (integer division), not the sum's identity 0; every masked column adds 1
kernel b10_bug(X: i32[R, 64], LEN: i32[R], S: i32[R]):
    assume R % 4 == 0
    assume LEN[r] >= 0 and LEN[r] <= 64
    const BR, C = 4, 64
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag S[r] = (row=r, col=range(0, LEN[r]))
    x = load X[block.x * BR : +BR, 0 : +C]
    ln = load LEN[block.x * BR : +BR]
    m = mask(x, index(x, axis=1) < bcast(ln, axis=1, n=C), fill=1)
    c = m - m / 2 * 2
    s = sum(c, axis=1)
    store S[block.x * BR : +BR], s
