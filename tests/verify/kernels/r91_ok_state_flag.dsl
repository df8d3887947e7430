# Held-out round 91: state Y copied from X where a flag says so (the correct kernel beside
# tests/kernels/bad/cover_state_*.dsl); every element is reached where the flag holds.
kernel state_flag(X: f32[N], Y: f32[N], F: i32[4]):
    assume N % 32 == 0 and N >= 64
    grid (N / 32)
    threads 32
    tag X[i] = (idx=i)
    tag Y[i] = (idx=i)
    x = load X[block.x * 32 : +32]
    old = load Y[block.x * 32 : +32]
    if F[0] > 0:
        store Y[block.x * 32 : +32], x
