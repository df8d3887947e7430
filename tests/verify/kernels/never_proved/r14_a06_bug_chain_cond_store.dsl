# Y[r, c] = X[r, c] + 1 for c < 40, zeros after (tag condition). mask fills 0.0 past 40, then the
# +1 goes through a reused scratch tile and the padding 1.0 is stored where Y must hold zeros.
kernel a06_bug_chain_cond_store(X: f32[R, 64], Y: f32[R, 64]):
    assume R % 4 == 0
    grid (R / 4)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r, col=c) if c < 40
    t = zeros f32[4, 64]
    x0 = load X[block.x * 4 : +4, 0 : +64]
    x = mask(x0, index(x0, axis=1) < 40, fill=0.0)
    t = x + 1.0
    x = t
    store Y[block.x * 4 : +4, 0 : +64], x
