# cast(kt * 1000, f32) with kt * 1000 = 3e9, past int32 (the verifier's integers are int64)
kernel e06_cast_scalar_int32_wrap(X: f32[1, 32], Y: f32[1, 32]):
    grid (1)
    threads 32
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r, col=c)
    for kt in range(3000000, 3000001):
        x = load X[kt - 3000000 : +1, 0 : +32]
        y = x * 0.0 + cast(kt * 1000, f32)
        store Y[kt - 3000000 : +1, 0 : +32], y
