# Held-out round 103 (proved; the lowered code disagreed): a replicated tile written under a
# condition on the thread that reaches some owners of an element only; unknown[RACE] now
kernel r103_repl_cond_local(X: f32[R, 64], Y: f32[R]):
    assume R % 4 == 0
    grid (R / 4)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r, col=range(0, 64))
    x = load X[block.x * 4 : +4, 0 : +64] layout ((4, 32), 64):((64, 0), 1)
    if thread.x >= 64:
        x = x * 2.0 layout ((4, 32), 64):((64, 0), 1)
    m = sum(x, axis=1) layout ((4, 32), 1):((1, 0), 1)
    y = reshape(m, shape=(2, 2))
    z = reshape(y, shape=(4,)) layout (128, 1):(1, 128)
    store Y[block.x * 4 : +4], z
