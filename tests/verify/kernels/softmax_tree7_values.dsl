# softmax_tree7.dsl with 16 threads: each thread holds 8 values of x and of p and 4, 2
# and 1 of the first levels' halves (from level 5 on some threads hold none), and both
# trees reuse the one scratch row.
kernel softmax_tree7_values(X: f32[R, 128], Y: f32[R, 128]):
    grid (R)
    threads 16
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r)
    s = shared f32[1, 128]
    x = load X[block.x : +1, 0 : +128]
    store s[0 : +1, 0 : +128], x
    barrier
    ma1 = load s[0 : +1, 0 : +64]
    mb1 = load s[0 : +1, 64 : +64]
    mp1 = maximum(ma1, mb1)
    barrier
    store s[0 : +1, 0 : +64], mp1
    barrier
    ma2 = load s[0 : +1, 0 : +32]
    mb2 = load s[0 : +1, 32 : +32]
    mp2 = maximum(ma2, mb2)
    barrier
    store s[0 : +1, 0 : +32], mp2
    barrier
    ma3 = load s[0 : +1, 0 : +16]
    mb3 = load s[0 : +1, 16 : +16]
    mp3 = maximum(ma3, mb3)
    barrier
    store s[0 : +1, 0 : +16], mp3
    barrier
    ma4 = load s[0 : +1, 0 : +8]
    mb4 = load s[0 : +1, 8 : +8]
    mp4 = maximum(ma4, mb4)
    barrier
    store s[0 : +1, 0 : +8], mp4
    barrier
    ma5 = load s[0 : +1, 0 : +4]
    mb5 = load s[0 : +1, 4 : +4]
    mp5 = maximum(ma5, mb5)
    barrier
    store s[0 : +1, 0 : +4], mp5
    barrier
    ma6 = load s[0 : +1, 0 : +2]
    mb6 = load s[0 : +1, 2 : +2]
    mp6 = maximum(ma6, mb6)
    barrier
    store s[0 : +1, 0 : +2], mp6
    barrier
    ma7 = load s[0 : +1, 0 : +1]
    mb7 = load s[0 : +1, 1 : +1]
    mp7 = maximum(ma7, mb7)
    barrier
    store s[0 : +1, 0 : +1], mp7
    barrier
    mt = load s[0 : +1, 0 : +1]
    m = max(mt, axis=1)
    assert tag(m[0]).row == block.x and covers(tag(m[0]).col, 0, 128)
    barrier
    p = exp(x - bcast(m, axis=1, n=128))
    store s[0 : +1, 0 : +128], p
    barrier
    la1 = load s[0 : +1, 0 : +64]
    lb1 = load s[0 : +1, 64 : +64]
    lp1 = la1 + lb1
    barrier
    store s[0 : +1, 0 : +64], lp1
    barrier
    la2 = load s[0 : +1, 0 : +32]
    lb2 = load s[0 : +1, 32 : +32]
    lp2 = la2 + lb2
    barrier
    store s[0 : +1, 0 : +32], lp2
    barrier
    la3 = load s[0 : +1, 0 : +16]
    lb3 = load s[0 : +1, 16 : +16]
    lp3 = la3 + lb3
    barrier
    store s[0 : +1, 0 : +16], lp3
    barrier
    la4 = load s[0 : +1, 0 : +8]
    lb4 = load s[0 : +1, 8 : +8]
    lp4 = la4 + lb4
    barrier
    store s[0 : +1, 0 : +8], lp4
    barrier
    la5 = load s[0 : +1, 0 : +4]
    lb5 = load s[0 : +1, 4 : +4]
    lp5 = la5 + lb5
    barrier
    store s[0 : +1, 0 : +4], lp5
    barrier
    la6 = load s[0 : +1, 0 : +2]
    lb6 = load s[0 : +1, 2 : +2]
    lp6 = la6 + lb6
    barrier
    store s[0 : +1, 0 : +2], lp6
    barrier
    la7 = load s[0 : +1, 0 : +1]
    lb7 = load s[0 : +1, 1 : +1]
    lp7 = la7 + lb7
    barrier
    store s[0 : +1, 0 : +1], lp7
    barrier
    lt = load s[0 : +1, 0 : +1]
    l = sum(lt, axis=1)
    assert tag(l[0]).row == block.x and covers(tag(l[0]).col, 0, 128)
    y = p / bcast(l, axis=1, n=128)
    store Y[block.x : +1, 0 : +128], y
