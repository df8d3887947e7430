# 8192 threads: past the front end's limit (4096), not only the target's (1024, rule RES).
kernel copy(A: f32[M], B: f32[M]):
    assume M % 32 == 0 and M >= 32
    grid (M / 32)
    threads 8192  #! error[E032]
    a = load A[block.x * 32 : +32]
    store B[block.x * 32 : +32], a
