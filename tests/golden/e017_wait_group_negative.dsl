# A negative wait_group count: no group count is below 0, and cp.async.wait_group takes 0 or more.
kernel wneg(X: f32[R, 64], Y: f32[R, 64]):
    const S = 1
    assume R % 4 == 0
    grid (R / 4)
    threads 64
    s = shared f32[4, 64]
    copy_async s[0 : +4, 0 : +64], X[block.x * 4 : +4, 0 : +64]
    commit
    wait_group S - 2  #! error[E017]
    barrier
    a = load s[0 : +4, 0 : +64]
    store Y[block.x * 4 : +4, 0 : +64], a
