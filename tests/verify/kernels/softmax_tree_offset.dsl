# softmax_tree.dsl with a wrong offset in the max tree: level 2 takes s[1 : +2] where it
# needs s[2 : +2], so columns 3 and 7 never reach the row maximum.
kernel softmax_tree(X: f32[R, 8], Y: f32[R, 8]):
    grid (R)
    threads 4
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r)
    s = shared f32[1, 8]
    x = load X[block.x : +1, 0 : +8]
    store s[0 : +1, 0 : +8], x
    barrier
    ma1 = load s[0 : +1, 0 : +4]
    mb1 = load s[0 : +1, 4 : +4]
    mp1 = maximum(ma1, mb1)
    barrier
    store s[0 : +1, 0 : +4], mp1
    barrier
    ma2 = load s[0 : +1, 0 : +2]
    mb2 = load s[0 : +1, 1 : +2]
    mp2 = maximum(ma2, mb2)
    barrier
    store s[0 : +1, 0 : +2], mp2
    barrier
    ma3 = load s[0 : +1, 0 : +1]
    mb3 = load s[0 : +1, 1 : +1]
    mp3 = maximum(ma3, mb3)
    barrier
    store s[0 : +1, 0 : +1], mp3
    barrier
    mt = load s[0 : +1, 0 : +1]
    m = max(mt, axis=1)
    assert tag(m[0]).row == block.x and covers(tag(m[0]).col, 0, 8)  #! error[TAG]
    barrier
    p = exp(x - bcast(m, axis=1, n=8))
    store s[0 : +1, 0 : +8], p
    barrier
    la1 = load s[0 : +1, 0 : +4]
    lb1 = load s[0 : +1, 4 : +4]
    lp1 = la1 + lb1
    barrier
    store s[0 : +1, 0 : +4], lp1
    barrier
    la2 = load s[0 : +1, 0 : +2]
    lb2 = load s[0 : +1, 2 : +2]
    lp2 = la2 + lb2
    barrier
    store s[0 : +1, 0 : +2], lp2
    barrier
    la3 = load s[0 : +1, 0 : +1]
    lb3 = load s[0 : +1, 1 : +1]
    lp3 = la3 + lb3
    barrier
    store s[0 : +1, 0 : +1], lp3
    barrier
    lt = load s[0 : +1, 0 : +1]
    l = sum(lt, axis=1)
    assert tag(l[0]).row == block.x and covers(tag(l[0]).col, 0, 8)
    y = p / bcast(l, axis=1, n=8)
    store Y[block.x : +1, 0 : +8], y
