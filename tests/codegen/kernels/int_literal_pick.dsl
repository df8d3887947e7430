# A literal an i8 tile cannot hold, picked by `where` or `maximum` and stored: an int64 200
# (int8(200) is an OverflowError on the simulator), converted by the store as the
# interpreter's tile assignment converts it (-56). Both faulted on the simulator and
# `maximum` raised in the interpreter (held-out round 34).
kernel int_literal_pick(X: i8[R, 32], Y: i8[R, 32], Z: i8[R, 32]):
    grid (R)
    threads 32
    x = load X[block.x : +1, 0 : +32]
    y = where(index(x, axis=1) < 16, x, 200)
    z = maximum(x, 200)
    store Y[block.x : +1, 0 : +32], y
    store Z[block.x : +1, 0 : +32], z
