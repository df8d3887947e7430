# Held-out round 57: Y += X for the 64-element tiles whose FLAG is positive (the declared part,
# read in place: state); the other tiles keep their contents.
kernel flag_add(X: f32[N], FLAG: i32[NT], Y: f32[N]):
    assume N == NT * 64
    grid NT
    threads 64
    tag X[i] = (xi=i)
    tag Y[i] = (xi=i, yi=i)
    writes Y[i] if FLAG[i / 64] > 0
    y = load Y[block.x * 64 : +64]
    x = load X[block.x * 64 : +64]
    if FLAG[block.x] > 0:
        y2 = y + x
        store Y[block.x * 64 : +64], y2
