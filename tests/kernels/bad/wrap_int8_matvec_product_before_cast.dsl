# An int8 matrix-vector product that multiplies in i8 and widens after: -128 * -128 is 0 in i8,
# so each product is taken mod 256 before the i32 sum (cast(a, i32) * cast(x, i32) is meant).
kernel mv(A: i8[M, 64], X: i8[64], Y: i32[M]):
    assume M % 4 == 0
    grid (M / 4)
    threads 128
    tag A[r, k] = (row=r, k=k)
    tag X[k] = (k=k)
    tag Y[r] = (row=r, k=range(0, 64))
    a = load A[block.x * 4 : +4, 0 : +64]
    x = load X[0 : +64]
    p = a * bcast(x, axis=0, n=4)  #! warning[WRAP]
    q = cast(p, i32)
    y = sum(q, axis=1)
    store Y[block.x * 4 : +4], y
