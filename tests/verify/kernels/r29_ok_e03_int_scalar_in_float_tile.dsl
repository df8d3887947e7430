# integer scalar math (a loop variable past 2^24) inside f32 tile math: kt - 16777216 is 0 and 1
kernel e03_int_scalar_in_float_tile(X: f32[2, 32], Y: f32[2, 32]):
    grid (1)
    threads 32
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r, col=c)
    for kt in range(16777216, 16777218):
        x = load X[kt - 16777216 : +1, 0 : +32]
        y = x * 0.0 + (kt - 16777216) + (kt % 7) * 10
        store Y[kt - 16777216 : +1, 0 : +32], y
