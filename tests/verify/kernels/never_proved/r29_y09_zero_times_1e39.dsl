# a triangle stored with a "zero" built from zeros that is NaN in f32
kernel y09_zero_times_1e39(A: f32[M, 32], C: f32[M, 32]):
    assume M % 32 == 0
    grid (M / 32)
    threads 128
    tag A[i, j] = (row=i, col=j)
    tag C[i, j] = (row=i, col=j) if i >= j
    a = load A[block.x * 32 : +32, 0 : +32]
    z = zeros f32[32, 32]
    c = where(block.x * 32 + index(a, axis=0) >= index(a, axis=1), a, z * 1e39)
    store C[block.x * 32 : +32, 0 : +32], c
