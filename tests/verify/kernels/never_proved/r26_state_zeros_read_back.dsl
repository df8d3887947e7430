# WRONG: X is state with a conditional tag (records only below 32). The kernel zeroes X past 32
# in place (allowed there), reads X back and stores it into Y, whose tag function claims
# record i everywhere: Y[32..] holds zeros, not X's data.
kernel g34_bad_state_zeros_read_back(X: f32[N], Y: f32[N]):
    assume N % 64 == 0
    grid (N / 64)
    threads 64
    tag X[i] = (i=i) if i < 32
    tag Y[i] = (i=i)
    x = load X[block.x * 64 : +64]
    z = mask(x, block.x * 64 + index(x, axis=0) < 32, fill=0.0)
    store X[block.x * 64 : +64], z
    barrier
    w = load X[block.x * 64 : +64]
    store Y[block.x * 64 : +64], w
