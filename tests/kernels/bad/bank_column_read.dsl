# Each thread reads one row of a 64 x 8 fp32 tile, column by column: the lanes of a warp
# read addresses 8 floats apart, so every fourth lane shares a bank (an 8-way conflict).
kernel column_sums(X: f32[R, 8], Y: f32[R, 8]):
    assume R % 64 == 0
    grid (R / 64)
    threads 64
    tag X[r, c] = (row=r, col=c)
    s = shared f32[64, 8]
    copy s[0 : +64, 0 : +8], X[block.x * 64 : +64, 0 : +8]
    barrier
    for c in range(8):
        x = load s[0 : +64, c : +1]  #! warning[BANK]
        store Y[block.x * 64 : +64, c : +1], x
