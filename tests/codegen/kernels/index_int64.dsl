# Math on index() coordinates is of int64 integers (the interpreter's np.indices), also next to
# i32 tiles; each line a proved kernel whose lowering disagreed (held-out round 34).
# `index(x) * 10^8` of an i32 x was wrapped in int32, so the tag claim on A (X's data from
# column 22) stored zeros; `x * index(x)` was wrapped in int32 where the interpreter kept
# int64; `cast(index(x) * index(x) * 5000000, f32)` was computed in int32 on the simulator.
kernel index_int64(X: i32[R, 32], A: i32[R, 32], B: i32[R, 32], C: i32[R, 32], D: f32[R, 32]):
    tag X[r, c] = (row=r, col=c)
    tag A[r, c] = (row=r, col=c) if c >= 22
    grid (R)
    threads 32
    x = load X[block.x : +1, 0 : +32]
    a = where(index(x, axis=1) * 100000000 >= 2200000000, x, 0)
    b = x + (index(x, axis=1) * 100000000) / 100000000
    c = (x * index(x, axis=1)) / 3
    d = cast(index(x, axis=1) * index(x, axis=1) * 5000000, f32)
    store A[block.x : +1, 0 : +32], a
    store B[block.x : +1, 0 : +32], b
    store C[block.x : +1, 0 : +32], c
    store D[block.x : +1, 0 : +32], d
