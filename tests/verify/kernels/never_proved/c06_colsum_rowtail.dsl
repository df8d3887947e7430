# Column means over a 64-row tile of an R-row X (R any, fill 1.0 past R), centred rows, re-masked
# on the row tail. The column sum inside the re-mask reduces along the padded axis and counts the
# 1.0 padding of the last block's rows.
kernel c06_colsum_rowtail(X: f32[R, 32], Y: f32[R, 32]):
    assume R >= 1
    const BR, BC = 64, 32
    grid ((R + BR - 1) / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (col=c)
    x = load X[block.x * BR : +BR, 0 : +BC] masked(fill=1.0)
    d = mask(x - bcast(sum(x, axis=0) / 64.0, axis=0, n=BR), block.x * BR + index(x, axis=0) < R, fill=0.0)
    store Y[block.x * BR : +BR, 0 : +BC], d masked
