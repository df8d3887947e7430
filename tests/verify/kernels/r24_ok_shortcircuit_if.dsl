kernel e26_shortcircuit_if(A: f32[M, N], C: f32[M, 32]):
    assume M % 32 == 0 and N % 32 == 0
    grid (M / 32)
    threads 128
    acc = zeros f32[32, 32]
    if N > 32 and M / (N - 32) >= 1:
        a = load A[block.x * 32 : +32, 32 : +32]
        acc = acc + a
    store C[block.x * 32 : +32, 0 : +32], acc
