# One thread shifts each row left by one in place, its copy layout visiting columns 0, 2, 1, 3
# (held-out round 37: column 1 read column 2 after it was overwritten).
kernel lshift(X: f32[R, 5], Y: f32[R, 5]):
    grid (R)
    threads 1
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r, col=min(c + 1, 4))
    s = shared f32[1, 5]
    copy s[0 : +1, 0 : +5], X[block.x : +1, 0 : +5]
    copy s[0 : +1, 0 : +4], s[0 : +1, 1 : +4] layout (1, (2, 2)):(0, (2, 1))
    a = load s[0 : +1, 0 : +5]
    store Y[block.x : +1, 0 : +5], a
