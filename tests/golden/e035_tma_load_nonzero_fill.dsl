# A masked tma_load filling with -inf: a tensor map fills the elements outside the tensor with zeros.
kernel k(X: f32[R, 128], Y: f32[R, 128]):
    assume R >= 1
    grid ((R + 7) / 8)
    threads 160
    sX = shared f32[8, 128]
    full = mbarrier[1] count 1
    if thread.warp == 4:
        if thread.lane == 0:
            expect_tx full[0], 4096
            tma_load sX[0 : +8, 0 : +128], X[block.x * 8 : +8, 0 : +128] masked(fill=-inf), full[0]  #! error[E035]
    else:
        wait full[0], 0
        x = load sX[0 : +8, 0 : +128] layout (128, 8):(1, 128)
        store Y[block.x * 8 : +8, 0 : +128], x masked
