# Reverse a vector: Y[i] = X[N - 1 - i], any N; one element per iteration (no reversing view exists).
kernel flip(X: f32[N], Y: f32[N]):
    assume N >= 1
    const B = 32
    grid (N + B - 1) / B
    threads 32
    tag X[i] = (idx=i)
    tag Y[i] = (idx=N - 1 - i)
    for e in range(B):
        if block.x * B + e < N:
            x = load X[N - 1 - block.x * B - e : +1]
            store Y[block.x * B + e : +1], x
