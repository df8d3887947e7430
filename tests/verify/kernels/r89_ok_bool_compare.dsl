# A bool tile compares as 0 or 1 with any number: `b == 2` never holds, `b < 2 and b > -1`
# always, `b > 0.5` where b does (held-out round 89: the lowering made each literal a bool,
# boolean(2) is True, and computed the three the other way round)
kernel bool_compare(Bm: bool[R, 32], U: i32[R, 32]):
    grid (R)
    threads 32
    b = load Bm[block.x : +1, 0 : +32]
    u = where(b == 2, 1, 0) + where(b < 2 and b > -1, 10, 0) + where(b > 0.5, 100, 0)
    store U[block.x : +1, 0 : +32], u
