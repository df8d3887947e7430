# An element of an integer input read in tile math is one value for the block: its index
# may not name the thread (each thread would read its own).
kernel ragged_rows(X: f32[R, 64], LEN: i32[R], Y: f32[R, 64]):
    assume R % 4 == 0
    const BR = 4
    grid (R / BR)
    threads 64
    x = load X[block.x * BR : +BR, 0 : +64]
    y = mask(x, index(x, axis=1) < LEN[block.x * BR + thread.x % BR], fill=0.0)  #! error[E021]
    store Y[block.x * BR : +BR, 0 : +64], y
