# Held-out round 99 (a false alarm): a plain output stored under two data conditions that
# between them cover every value of F's type; COVER took F[block.x] for any integer
kernel r99_ok_bool_split(X: f32[N], Y: f32[N], F: bool[NB]):
    assume N == NB * 32 and NB >= 1
    grid (NB)
    threads 32
    tag X[i] = (idx=i)
    tag Y[i] = (idx=i)
    x = load X[block.x * 32 : +32]
    x2 = x * 2.0
    if F[block.x] == 0:
        store Y[block.x * 32 : +32], x
    if F[block.x] == 1:
        store Y[block.x * 32 : +32], x2
