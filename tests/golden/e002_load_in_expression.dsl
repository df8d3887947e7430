# load inside an expression (new-user round 33): the hint says load is a statement.
kernel t(X: f32[N], Y: f32[N]):
    grid N / 32
    threads 32
    x1 = cast(load X[block.x * 32 : +32], f32)  #! error[E002]
    store Y[block.x * 32 : +32], x1
