# The absolute maximum of int8 rows computed in i8: abs(-128) is -128 in i8, so a row holding
# -128 reports a smaller maximum (an i32 cast before abs is meant).
kernel absmax(A: i8[M, 64], Y: i8[M]):
    assume M % 4 == 0
    grid (M / 4)
    threads 128
    tag A[r, k] = (row=r, k=k)
    tag Y[r] = (row=r, k=range(0, 64))
    a = load A[block.x * 4 : +4, 0 : +64]
    m = max(abs(a), axis=1)  #! warning[WRAP]
    store Y[block.x * 4 : +4], m
