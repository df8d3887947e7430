# Held-out round 41: the buffer takes all 232448 bytes a block may use on sm_90 and the kernel
# also declares an mbarrier, whose 8 bytes live in shared memory too (it proved).
kernel smf(X: f32[M, 64], Y: f32[M, 64]):
    assume M % 908 == 0
    grid M / 908
    threads 1024
    tag X[i, j] = (row=i, col=j)
    tag Y[i, j] = (row=i, col=j)
    s = shared f32[908, 64]  #! error[RES]
    bar = mbarrier[1] count 1024
    copy s[0 : +908, 0 : +64], X[block.x * 908 : +908, 0 : +64]
    arrive bar[0]
    wait bar[0], 0
    for r in range(4):
        y = load s[r * 227 : +227, 0 : +64]
        store Y[block.x * 908 + r * 227 : +227, 0 : +64], y
