# Held-out round 96 (a fault): a 0-d i8 tile compared with a literal was compared in the
# literal's i32, a type the module never declared (NameError on the simulator).
kernel d14_i8_scalar_cmp_fault(X: i8[R, 32], Y: i8[R]):
    grid (R)
    threads 32
    x = load X[block.x, 0 : +32]
    m = max(x, axis=0)
    y = where(m > 0, m, 1)
    store Y[block.x], y
