# An integer tile's padding is an integer.
kernel t(X: i32[R, C], Y: i32[R, C]):
    assume R >= 1 and C >= 1
    const BR, BC = 4, 64
    grid ((R + BR - 1) / BR, (C + BC - 1) / BC)
    threads 64
    x = load X[block.x * BR : +BR, block.y * BC : +BC] masked(fill=0.5)  #! error[E035]
    store Y[block.x * BR : +BR, block.y * BC : +BC], x masked
