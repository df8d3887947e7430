# Math past f32's range or outside a function's domain: a GPU returns inf or nan (a nan
# compares false), where Python's math (the simulator) raised, so these proved kernels
# "faulted" on the simulator: exp(1000.0), log(-0.5), sqrt(-0.5), pow(-0.5, 0.5).
kernel math_overflow(X: f32[R, 32], A: f32[R, 32], B: f32[R, 32], C: f32[R, 32]):
    grid (R)
    threads 32
    x = load X[block.x : +1, 0 : +32]
    a = sigmoid(x * 1000.0)
    b = 1.0 / (1.0 + exp(x * 100.0))
    c = where(log(x) > -0.5, 1.0, 2.0) + where(sqrt(x) < 0.75, 4.0, 8.0) + where(pow(x, 0.5) < 0.75, 16.0, 32.0)
    store A[block.x : +1, 0 : +32], a
    store B[block.x : +1, 0 : +32], b
    store C[block.x : +1, 0 : +32], c
