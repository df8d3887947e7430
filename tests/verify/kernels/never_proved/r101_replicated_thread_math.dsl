# Held-out round 101 (proved, and the lowering raced): a replicated layout whose value reads
# thread.x, so the 32 replicas of an element differ; unknown[RACE] now (encode/replicas.py)
kernel r101_replicated_thread_math(X: f32[R, 64], Y: f32[R]):
    assume R % 4 == 0
    grid (R / 4)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r, col=range(0, 64))
    x = load X[block.x * 4 : +4, 0 : +64]
    m = sum(x, axis=1) layout ((4, 32), 1):((1, 0), 1)
    m2 = m + thread.x layout ((4, 32), 1):((1, 0), 1)
    y = reshape(m2, shape=(2, 2))
    z = reshape(y, shape=(4,)) layout (128, 1):(1, 128)
    store Y[block.x * 4 : +4], z
