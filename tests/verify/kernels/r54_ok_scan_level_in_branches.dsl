# Held-out round 54: an in-place Hillis-Steele scan whose second level is stored by either branch of
# an `if` (the next level's reset reads two reaching writes: was unknown).
kernel scan_level_in_branches(X: f32[R, 16], Y: f32[R, 16]):
    const T = 16
    grid (R)
    threads 16
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r, col=range(0, c + 1))
    s = shared f32[T]
    copy s[0 : +T], X[block.x, 0 : +T]
    barrier
    a1 = load s[1 : +15]
    b1 = load s[0 : +15]
    barrier
    a1 = a1 + b1
    store s[1 : +15], a1
    barrier
    a2 = load s[2 : +14]
    b2 = load s[0 : +14]
    barrier
    if block.x % 2 == 0:
        a2 = a2 + b2
        store s[2 : +14], a2
    else:
        a2 = a2 + b2
        store s[2 : +14], a2
    barrier
    a4 = load s[4 : +12]
    b4 = load s[0 : +12]
    barrier
    a4 = a4 + b4
    store s[4 : +12], a4
    barrier
    a8 = load s[8 : +8]
    b8 = load s[0 : +8]
    barrier
    a8 = a8 + b8
    store s[8 : +8], a8
    barrier
    y = load s[0 : +T]
    store Y[block.x, 0 : +T], y
