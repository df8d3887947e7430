# Held-out round 100 (type promotion in the lowering): proved, and the simulator disagreed
# with the interpreter (docs/LOWERING.md)
kernel r100_ok_decay_acc(X: i32[R, C], Y: i32[R, 32]):
    grid (R)
    threads 32
    acc = zeros i32[1, 32]
    for ct in range(C / 32):
        x = load X[block.x : +1, ct * 32 : +32]
        acc = cast(acc * 0.5, i32) + x
    store Y[block.x : +1, 0 : +32], acc
