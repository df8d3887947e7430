# Software-pipelined row copy: each iteration reads the row staged by the previous one,
# then stages the next row. The barrier sits between the read and the restaging, but
# none between the restaging at the end of iteration v and the read at the start of
# iteration v + 1, and a row is written by thread e / 4 but read by thread e.
kernel rows_v(X: f32[R, 128], Y: f32[R, 128]):
    assume R % 4 == 0
    grid (R / 4)
    threads 128
    tag X[v, c] = (row=v, col=c)
    s = shared f32[128]
    copy s[0 : +128], X[block.x * 4, 0 : +128] layout copy(vec=4)
    barrier
    for v in range(4):
        x = load s[0 : +128]  
        store Y[block.x * 4 + v, 0 : +128], x
        barrier
        if v + 1 < 4:
            copy s[0 : +128], X[block.x * 4 + v + 1, 0 : +128] layout copy(vec=4)
