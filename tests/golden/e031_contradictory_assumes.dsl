# Two assumptions that contradict each other; the first of them is reported.
kernel copy(A: f32[M, N], B: f32[M, N]):
    assume M % 32 == 0 and N % 32 == 0
    assume M == 64  #! error[E031]
    assume M == 2 * N and N > 32
    grid (M / 32, N / 32)
    threads 32
    a = load A[block.x * 32 : +32, block.y * 32 : +32]
    store B[block.x * 32 : +32, block.y * 32 : +32], a
