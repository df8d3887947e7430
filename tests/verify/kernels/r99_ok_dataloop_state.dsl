# Held-out round 99: state read and rewritten in a loop whose trip count reads data; the
# interpreter (the lowering check's oracle) reported a COVER the verifier rightly did not
kernel r99_ok_dataloop_state(X: f32[N], Y: f32[N], F: i32[NB]):
    assume N == NB * 32 and NB >= 2
    assume F[i] >= 0 and F[i] <= 1
    grid (NB)
    threads 32
    tag X[i] = (idx=i)
    tag Y[i] = (idx=i)
    for j in range(F[block.x]):
        if block.x + j < NB:
            old = load Y[(block.x + j) * 32 : +32]
            x = load X[(block.x + j) * 32 : +32]
            y = old + x
            store Y[(block.x + j) * 32 : +32], y
