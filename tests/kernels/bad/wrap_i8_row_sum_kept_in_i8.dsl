# A row sum of i8 values assigned to an i8 tile: 64 values of -128 sum to -8192, which i8 holds
# as 0 (an i32 tile is meant).
kernel rs(A: i8[M, 64], Y: i8[M]):
    assume M % 4 == 0
    grid (M / 4)
    threads 128
    tag A[r, k] = (row=r, k=k)
    tag Y[r] = (row=r, k=range(0, 64))
    a = load A[block.x * 4 : +4, 0 : +64]
    y = sum(a, axis=1)  #! warning[WRAP]
    store Y[block.x * 4 : +4], y
