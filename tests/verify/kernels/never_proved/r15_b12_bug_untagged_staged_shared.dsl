# Y[r, c] = X[r, c] for c < 32, zeros for c >= 32 (tag condition). The block stages a whole
# 4 x 64 tile of an untagged "background" input G in shared memory, then copies X's first 32
# columns over it: G's values remain in columns 32..63, stored where Y holds zeros.
kernel b12_bug_untagged_staged_shared(X: f32[R, 64], G: f32[R, 64], Y: f32[R, 64]):
    assume R % 4 == 0
    grid (R / 4)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r, col=c) if c < 32
    s = shared f32[4, 64]
    copy s[0 : +4, 0 : +64], G[block.x * 4 : +4, 0 : +64]
    barrier
    copy s[0 : +4, 0 : +32], X[block.x * 4 : +4, 0 : +32]
    barrier
    y = load s[0 : +4, 0 : +64]
    store Y[block.x * 4 : +4, 0 : +64], y
