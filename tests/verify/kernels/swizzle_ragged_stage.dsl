# A 24 x 32 f32 tile staged through shared memory with swizzle(1, 8, 1): 768 elements, not a
# multiple of the swizzled span (1024), so offsets 512..767 move to 768..1023, past the
# tile's size. The buffer spans the swizzled offsets (the lowering allocated 768 elements
# and wrote past them: an index error on the simulator). Y = 2 X.
kernel swizzle_ragged_stage(X: f32[R, 32], Y: f32[R, 32]):
    assume R % 24 == 0
    grid (R / 24)
    threads 64
    tag X[i, j] = (row=i, col=j)
    tag Y[i, j] = (row=i, col=j)
    s = shared f32[24, 32] swizzle(1, 8, 1)
    copy s[0 : +24, 0 : +32], X[block.x * 24 : +24, 0 : +32]
    barrier
    a = load s[0 : +24, 0 : +32]
    y = a * 2.0
    store Y[block.x * 24 : +24, 0 : +32], y
