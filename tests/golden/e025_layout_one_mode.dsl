# A thread-value layout with one mode (new-user round 33: every rule then reported the same
# unknown; a negative stride cannot reverse a tile anyway).
kernel flip(X: f32[N], Y: f32[N]):
    assume N % 128 == 0
    grid N / 128
    threads 128
    x = load X[N - (block.x + 1) * 128 : +128] layout (128):(-1)  #! error[E025]
    store Y[block.x * 128 : +128], x
