# Arithmetic on bool tiles is not defined (held-out round 46: `b - c` type-checked, proved,
# and the lowering failed on the simulator); each bool operand is reported once.
kernel bool_math(B: bool[M, 64], C: bool[M, 64], Z: bool[M, 64], W: bool[M, 64]):
    assume M % 4 == 0
    grid (M / 4)
    threads 64
    b = load B[block.x * 4 : +4, 0 : +64]
    c = load C[block.x * 4 : +4, 0 : +64]
    z = b - c  #! error[E090]
    w = -(b + c)
    store Z[block.x * 4 : +4, 0 : +64], z
    store W[block.x * 4 : +4, 0 : +64], w
