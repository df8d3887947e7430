# C's quotient and remainder of i64 at its least value: -2**63 / 3 is negative, -2**63 / -1
# wraps to itself (held-out round 86: abs of the least i64 wrapped in the interpreter, and
# the simulator faulted on the quotient 2**63)
kernel r86_ok_i64_least_div(X: i64[R, 32], A: i64[R, 32], B: i64[R, 32]):
    grid (R)
    threads 32
    x = load X[block.x : +1, 0 : +32]
    a = x / 3 + x % 3
    b = x / -1 + x % -1 - x % 7
    store A[block.x : +1, 0 : +32], a
    store B[block.x : +1, 0 : +32], b
