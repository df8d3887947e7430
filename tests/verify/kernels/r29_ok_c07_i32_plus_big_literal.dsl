# i32 tile plus a literal past int32
kernel c07_i32_plus_big_literal(X: i32[R, 32], Y: i32[R, 32]):
    grid (R)
    threads 32
    x = load X[block.x : +1, 0 : +32]
    y = x + 3000000000
    store Y[block.x : +1, 0 : +32], y
