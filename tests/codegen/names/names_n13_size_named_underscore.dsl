# Name clash probe: a size named _n (a leading underscore: the lowering renames it v__n in the
# module, but the launcher passes the sizes by their DSL names).
kernel n13_size_named_underscore(X: f32[_n], Y: f32[_n]):
    assume _n % 64 == 0
    const B = 64
    grid (_n / B)
    threads 64
    tag X[i] = (i=i)
    tag Y[i] = (i=i)
    x = load X[block.x * B : +B]
    y = x * 2.0
    store Y[block.x * B : +B], y
