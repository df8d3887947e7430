# Held-out round 102 (type promotion in the lowering): proved, and the simulator disagreed
# with the interpreter (docs/LOWERING.md; wlit_mix: the interpreter with SEMANTICS.md)
kernel r102_ok_bmax(B: bool[R, 32], Y: bool[R, 1]):
    grid (R)
    threads 32
    b = load B[block.x : +1, 0 : +32]
    m = max(b, axis=1)
    y = bcast(m, axis=1, n=1)
    store Y[block.x : +1, 0 : +1], y
