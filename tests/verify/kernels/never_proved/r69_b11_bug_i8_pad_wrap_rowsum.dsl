# BUG: i8 padding 100: m + m wraps to -56 in i8, so c = minimum(-56, 0) is -56, not the sum's identity 0
kernel b11_bug(X: i8[R, 64], LEN: i32[R], S: i32[R]):
    assume R % 4 == 0
    assume LEN[r] >= 0 and LEN[r] <= 64
    const BR, C = 4, 64
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag S[r] = (row=r, col=range(0, LEN[r]))
    x = load X[block.x * BR : +BR, 0 : +C]
    ln = load LEN[block.x * BR : +BR]
    m = mask(x, index(x, axis=1) < bcast(ln, axis=1, n=C), fill=100)
    c = minimum(m + m, 0)
    ci = cast(c, i32)
    s = sum(ci, axis=1)
    store S[block.x * BR : +BR], s
