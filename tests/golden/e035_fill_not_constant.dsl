# The fill value is a number known at compile time, not a size or a block id.
kernel t(X: f32[R, C], Y: f32[R, C]):
    assume R >= 1 and C >= 1
    const BR, BC = 4, 64
    grid ((R + BR - 1) / BR, (C + BC - 1) / BC)
    threads 64
    x = load X[block.x * BR : +BR, block.y * BC : +BC] masked(fill=block.x)  #! error[E035]
    store Y[block.x * BR : +BR, block.y * BC : +BC], x masked
