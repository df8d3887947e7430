# Integer tile math in the tile's own type, as the interpreter (NumPy) computes it; each line
# a proved kernel whose lowering disagreed. `(x + y) / 2` of i8 tiles: Numba adds two int8s
# in int64 on a GPU, so 100 + 100 kept 200 where NumPy wraps to -56 (-28, not 100); `/`
# took abs(int8(-128)) = -128 on the simulator (-128 / 3 was -43); `x < 200` lowered 200 as
# int8(200): -56 on a GPU, an OverflowError on the simulator; `sum` of an i8 tile
# accumulated in int8 on the simulator (32 x 100 was -128, NumPy's is 3200).
kernel int8_wrap(X: i8[R, 32], Y: i8[R, 32], A: i8[R, 32], C: i8[R, 32], S: i32[R], T: i8[R]):
    grid (R)
    threads 32
    x = load X[block.x : +1, 0 : +32]
    y = load Y[block.x : +1, 0 : +32]
    a = (x + y) / 2 - (-x) / 3 + abs(x) / 4
    c = where(x < 200, x * y, y)
    s = cast(sum(x, axis=1), i32)
    t = sum(x, axis=1) / 3
    store A[block.x : +1, 0 : +32], a
    store C[block.x : +1, 0 : +32], c
    store S[block.x : +1], s
    store T[block.x : +1], t
