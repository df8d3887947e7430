# A masked copy of up to 64 elements whose grid is rounded down: `N / 64` is 0 for every
# N < 64, which `assume N <= 64` allows, so the kernel launches no block and copies nothing
# there (held-out round 77). The proof covers only sizes with a block; `(N + 63) / 64` is meant.
kernel copy_short(X: f32[N], Y: f32[N]):
    assume N <= 64
    grid (N / 64)  #! warning[GRID]
    threads 64
    tag X[i] = (i=i)
    tag Y[i] = (i=i)
    x = load X[block.x * 64 : +64] masked(fill=0.0)
    store Y[block.x * 64 : +64], x masked
