# Sums of each group's sequence over the tokens below the group's longest length: the four
# lengths of a group reduce to a 0-d tile (`max(ln, axis=0)`), broadcast to the mask. Every
# thread reads the 0-d tile, which the interpreter's lowered mode stages in shared memory
# (a 0-d shared tile was an internal error of the lowering check).
kernel group_maxlen_scalar(X: f32[G, 64, 32], LEN: i32[G4], P: f32[G, 32]):
    assume G4 == 4 * G
    assume LEN[b] >= 0 and LEN[b] <= 64
    grid (G)
    threads 128
    tag X[g, t, d] = (grp=g, tok=t, feat=d)
    ln = load LEN[block.x * 4 : +4]
    m = max(ln, axis=0)
    x = load X[block.x, 0 : +64, 0 : +32]
    lt = bcast(bcast(m, axis=0, n=64), axis=1, n=32)
    xv = mask(x, index(x, axis=0) < lt, fill=0.0)
    s = sum(xv, axis=0)
    store P[block.x, 0 : +32], s
