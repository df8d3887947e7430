# A ring of S = 3 shared rows indexed with r % 4: in every fourth iteration the copy
# and the load address slot 3, past the end of the buffer.
kernel ring(X: f32[R, 128], Y: f32[R, 128]):
    assume R % 8 == 0
    const S = 3
    grid (R / 8)
    threads 128
    tag X[r, c] = (row=r, col=c)
    s = shared f32[S, 128]
    for r in range(8):
        copy s[r % 4, 0 : +128], X[block.x * 8 + r, 0 : +128]  #! error[BOUND]
        barrier
        x = load s[r % 4, 0 : +128]  #! error[BOUND]
        store Y[block.x * 8 + r, 0 : +128], x
        barrier
