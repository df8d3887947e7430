# A row scale that should add a per-column bias: the bias is never loaded.
kernel bias_left_out(X: f32[R, 128], Bias: f32[128], Y: f32[R, 128]):  #! warning[UNUSED]
    assume R % 8 == 0
    grid R / 8
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Bias[c] = (bcol=c)
    tag Y[r, c] = (row=r, col=c)
    x = load X[block.x * 8 : +8, 0 : +128]
    y = x * 0.5
    store Y[block.x * 8 : +8, 0 : +128], y
