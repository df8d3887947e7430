# WRONG: X is a scratch state whose tag function holds records only in block 0's tile; every
# other block clears its tile of X (allowed by the condition), reads it back, and stores it
# into Y, whose tag function claims X's record i everywhere: Y holds zeros past tile 0.
kernel g36_bad_state_cleared_block_read_back(X: f32[N], Y: f32[N]):
    assume N % 64 == 0
    grid (N / 64)
    threads 64
    tag X[i] = (i=i) if i < 64
    tag Y[i] = (i=i)
    x = load X[block.x * 64 : +64]
    barrier
    if block.x > 0:
        z = zeros f32[64]
        store X[block.x * 64 : +64], z
    else:
        store X[block.x * 64 : +64], x
    barrier
    w = load X[block.x * 64 : +64]
    store Y[block.x * 64 : +64], w
