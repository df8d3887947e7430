# softmax_tree5.dsl without the barrier after level 3 of the sum tree writes the scratch
# row back: level 4 reads partial sums that other threads may not have written yet.
kernel softmax_tree5_no_barrier(X: f32[R, 32], Y: f32[R, 32]):
    grid (R)
    threads 16
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r)
    s = shared f32[1, 32]
    x = load X[block.x : +1, 0 : +32]
    store s[0 : +1, 0 : +32], x
    barrier
    ma1 = load s[0 : +1, 0 : +16]
    mb1 = load s[0 : +1, 16 : +16]
    mp1 = maximum(ma1, mb1)
    barrier
    store s[0 : +1, 0 : +16], mp1
    barrier
    ma2 = load s[0 : +1, 0 : +8]
    mb2 = load s[0 : +1, 8 : +8]
    mp2 = maximum(ma2, mb2)
    barrier
    store s[0 : +1, 0 : +8], mp2
    barrier
    ma3 = load s[0 : +1, 0 : +4]
    mb3 = load s[0 : +1, 4 : +4]
    mp3 = maximum(ma3, mb3)
    barrier
    store s[0 : +1, 0 : +4], mp3
    barrier
    ma4 = load s[0 : +1, 0 : +2]
    mb4 = load s[0 : +1, 2 : +2]
    mp4 = maximum(ma4, mb4)
    barrier
    store s[0 : +1, 0 : +2], mp4
    barrier
    ma5 = load s[0 : +1, 0 : +1]
    mb5 = load s[0 : +1, 1 : +1]
    mp5 = maximum(ma5, mb5)
    barrier
    store s[0 : +1, 0 : +1], mp5
    barrier
    mt = load s[0 : +1, 0 : +1]
    m = max(mt, axis=1)
    assert tag(m[0]).row == block.x and covers(tag(m[0]).col, 0, 32)
    barrier
    p = exp(x - bcast(m, axis=1, n=32))
    store s[0 : +1, 0 : +32], p
    barrier
    la1 = load s[0 : +1, 0 : +16]
    lb1 = load s[0 : +1, 16 : +16]
    lp1 = la1 + lb1
    barrier
    store s[0 : +1, 0 : +16], lp1
    barrier
    la2 = load s[0 : +1, 0 : +8]
    lb2 = load s[0 : +1, 8 : +8]
    lp2 = la2 + lb2
    barrier
    store s[0 : +1, 0 : +8], lp2
    barrier
    la3 = load s[0 : +1, 0 : +4]
    lb3 = load s[0 : +1, 4 : +4]
    lp3 = la3 + lb3
    barrier
    store s[0 : +1, 0 : +4], lp3
    la4 = load s[0 : +1, 0 : +2]
    lb4 = load s[0 : +1, 2 : +2]
    lp4 = la4 + lb4
    barrier
    store s[0 : +1, 0 : +2], lp4
    barrier
    la5 = load s[0 : +1, 0 : +1]
    lb5 = load s[0 : +1, 1 : +1]
    lp5 = la5 + lb5
    barrier
    store s[0 : +1, 0 : +1], lp5
    barrier
    lt = load s[0 : +1, 0 : +1]
    l = sum(lt, axis=1)
    assert tag(l[0]).row == block.x and covers(tag(l[0]).col, 0, 32)
    y = p / bcast(l, axis=1, n=32)
    store Y[block.x : +1, 0 : +32], y
