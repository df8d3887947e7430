# Shared buffers have compile-time extents: only a global tensor's tile is masked.
kernel t(X: f32[R, C], Y: f32[R, C]):
    assume R >= 1 and C >= 1
    const BR, BC = 4, 64
    grid ((R + BR - 1) / BR, (C + BC - 1) / BC)
    threads 64
    s = shared f32[BR, BC]
    copy s[0 : +BR, 0 : +BC], X[block.x * BR : +BR, block.y * BC : +BC] masked(fill=0.0)
    barrier
    x = load s[0 : +BR, 0 : +BC] masked(fill=0.0)  #! error[E035]
    store Y[block.x * BR : +BR, block.y * BC : +BC], x masked
