# The row sum's only update sits under a condition no iteration meets (kt > K), so acc is
# still the zeros it started as when it is stored. (Proved once, vacuously.)
kernel dead_update(A: f32[M, K], C: f32[M, 1]):
    assume M % 32 == 0 and K % 32 == 0
    grid (M / 32)
    threads 32
    tag A[i, k] = (row=i, k=k)
    tag C[i, j] = (row=i)
    acc = zeros f32[32, 1]
    for kt in range(K / 32):
        if kt > K:
            a = load A[block.x * 32 : +32, kt * 32 : +32]
            acc = acc + bcast(sum(a, axis=1), axis=1, n=1)
    store C[block.x * 32 : +32, 0 : +1], acc  #! error[TAG]
