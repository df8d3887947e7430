# WRONG: as g34, the read-back goes through a shared-memory copy: Y[32..] holds zeros while
# Y's tag function claims X[i]'s record.
kernel g42_bad_state_cleared_read_via_shared(X: f32[N], Y: f32[N]):
    assume N % 64 == 0
    grid (N / 64)
    threads 64
    tag X[i] = (i=i) if i < 32
    tag Y[i] = (i=i)
    s = shared f32[64]
    x = load X[block.x * 64 : +64]
    z = mask(x, block.x * 64 + index(x, axis=0) < 32, fill=0.0)
    store X[block.x * 64 : +64], z
    barrier
    copy s[0 : +64], X[block.x * 64 : +64]
    barrier
    w = load s[0 : +64] layout (32, 2):(2, 1)
    store Y[block.x * 64 : +64], w layout (32, 2):(2, 1)
