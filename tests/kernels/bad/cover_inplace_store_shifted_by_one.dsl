# New-user round 53: an in-place doubling stored one element to the right (block.x * B + 1): the
# next block reads what this one writes, X[0] is never written, and the grid is already rounded up.
kernel inplace_store_shifted_by_one(X: f32[N]):
    assume N >= 1
    const B = 256
    grid ((N + B - 1) / B)
    threads 256
    tag X[i] = (idx=i)
    x = load X[block.x * B : +B] masked(fill=0.0)  #! error[RACE]
    y = x * 2.0
    store X[block.x * B + 1 : +B], y masked  #! error[TAG] error[COVER] error[WAR]
