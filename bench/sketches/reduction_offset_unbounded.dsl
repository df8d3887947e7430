# proofs/reduce_tree.dsl with the offset of the second halving step open, unbounded.
kernel reduce_tree(X: f32[R, 1024], Y: f32[R]):
    grid (R)
    threads 256
    tag X[r, c] = (row=r, col=c)
    s = shared f32[1, 1024]
    copy s[0 : +1, 0 : +1024], X[block.x : +1, 0 : +1024] layout copy(vec=4)
    barrier
    a1 = load s[0 : +1, 0 : +512]
    b1 = load s[0 : +1, 512 : +512]
    p1 = a1 + b1
    assert tag(p1[0, i]).row == block.x and tag(p1[0, i]).col % 512 == i
    store s[0 : +1, 0 : +512], p1
    a2 = load s[0 : +1, 0 : +256]
    b2 = load s[0 : +1, ?? : +256]
    p2 = a2 + b2
    assert tag(p2[0, i]).row == block.x and tag(p2[0, i]).col % 256 == i
    store s[0 : +1, 0 : +256], p2
    barrier
    a3 = load s[0 : +1, 0 : +128]
    b3 = load s[0 : +1, 128 : +128]
    p3 = a3 + b3
    assert tag(p3[0, i]).row == block.x and tag(p3[0, i]).col % 128 == i
    store s[0 : +1, 0 : +128], p3
    barrier
    a4 = load s[0 : +1, 0 : +64]
    b4 = load s[0 : +1, 64 : +64]
    p4 = a4 + b4
    assert tag(p4[0, i]).row == block.x and tag(p4[0, i]).col % 64 == i
    store s[0 : +1, 0 : +64], p4
    barrier
    a5 = load s[0 : +1, 0 : +32]
    b5 = load s[0 : +1, 32 : +32]
    p5 = a5 + b5
    assert tag(p5[0, i]).row == block.x and tag(p5[0, i]).col % 32 == i
    store s[0 : +1, 0 : +32], p5
    barrier
    t = load s[0 : +1, 0 : +32]
    y = sum(t, axis=1)
    assert tag(y[0]).row == block.x
    assert covers(tag(y[0]).col, 0, 1024)
    store Y[block.x : +1], y
