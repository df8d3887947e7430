kernel n05(X: f32[R, 32], F: i32[R], Y: f32[R, 32]):
    assume R <= 1000000
    grid (R)
    threads 32
    x = load X[block.x : +1, 0 : +32]
    if (R * R) % 7 == 3:
        old = load Y[block.x : +1, 0 : +32]
        store Y[block.x : +1, 0 : +32], old
    store Y[block.x : +1, 0 : +32], x
    y = x * 2.0
    store Y[block.x : +1, 0 : +32], y
