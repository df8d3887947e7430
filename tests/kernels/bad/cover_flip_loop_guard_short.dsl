# Buggy sibling of tests/verify/kernels/r33_ok_flip_loop.dsl: the guard stops one element short, so the
# last element of Y is written by no iteration (COVER names it; the query once timed out).
kernel flip(X: f32[N], Y: f32[N]):
    assume N >= 1
    const B = 32
    grid (N + B - 1) / B
    threads 32
    tag X[i] = (idx=i)
    tag Y[i] = (idx=N - 1 - i)
    for e in range(B):
        if block.x * B + e < N - 1:
            x = load X[N - 1 - block.x * B - e : +1]
            store Y[block.x * B + e : +1], x  #! error[COVER]
