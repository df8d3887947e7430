# Math calls return their argument's float type on the simulator, as a GPU's f32 functions do:
# Python floats kept exp(60)^2 in f64 (1.1e26 where f32 is inf) and divided with Python's `/`,
# which raised ZeroDivisionError where a GPU gives inf or NaN (held-out round 34).
kernel math_f32_between(X: f32[R, 32], A: f32[R, 32], B: f32[R, 32], C: f32[R, 32], D: f32[R, 32]):
    grid (R)
    threads 32
    x = load X[block.x : +1, 0 : +32]
    a = exp(x * 60.0) * exp(x * 60.0) / exp(x * 60.0)
    b = exp(x) / exp(x * -1000.0)
    c = x * 0.0 + log(x) / log(x)
    d = sqrt(x) / (sqrt(x) - sqrt(x)) * 0.0 + 1.0
    store A[block.x : +1, 0 : +32], a
    store B[block.x : +1, 0 : +32], b
    store C[block.x : +1, 0 : +32], c
    store D[block.x : +1, 0 : +32], d
