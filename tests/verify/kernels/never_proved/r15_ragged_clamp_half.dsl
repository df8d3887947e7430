# A clamp at 0.5 over the first LEN[r] columns: maximum(0.0, 0.5) is 0.5 past LEN[r], stored where
# the tag function says zeros.
kernel r15_ragged_clamp_half(X: f32[R, 64], LEN: i32[R], Y: f32[R, 64]):
    assume R % 4 == 0
    assume LEN[r] >= 1 and LEN[r] <= 64
    const BR, C = 4, 64
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r, col=c) if c < LEN[r]
    x = load X[block.x * BR : +BR, 0 : +C]
    ln = load LEN[block.x * BR : +BR]
    y = maximum(mask(x, index(x, axis=1) < bcast(ln, axis=1, n=C), fill=0.0), 0.5)
    store Y[block.x * BR : +BR, 0 : +C], y
