# Double buffer read from the slot that was never filled: the tile goes to slot 0, the
# load reads slot 1.
kernel wrong_slot(X: f32[N], Y: f32[N]):
    assume N % 128 == 0
    grid (N / 128)
    threads 128
    tag X[i] = (i=i)
    s = shared f32[2, 128]
    copy s[0, 0 : +128], X[block.x * 128 : +128]
    barrier
    x = load s[1, 0 : +128]  #! error[INIT]
    store Y[block.x * 128 : +128], x
