# Name clash probe: a size named max (a Python builtin: the lowering renames it v_max in the
# module, but the launcher passes the sizes by their DSL names).
kernel n12_size_named_max(X: f32[max], Y: f32[max]):
    assume max % 64 == 0
    const B = 64
    grid (max / B)
    threads 64
    tag X[i] = (i=i)
    tag Y[i] = (i=i)
    x = load X[block.x * B : +B]
    y = x * 2.0
    store Y[block.x * B : +B], y
