# r49_ok_where_reads_itself with the replacement one column to the right: where the data
# picks y, the row sum holds column 32 and misses column 0 (held-out round 49).
kernel where_reads_itself_shifted(X: f32[R, 64], S: f32[R]):
    assume R % 8 == 0
    grid (R / 8)
    threads 64
    tag X[r, c] = (row=r, col=c)
    tag S[r] = (row=r, col=range(0, 32))
    x = load X[block.x * 8 : +8, 0 : +32]
    y = load X[block.x * 8 : +8, 1 : +32]
    x = where(x > 0.0, y, x)
    s = sum(x, axis=1)
    store S[block.x * 8 : +8], s  #! error[TAG]
