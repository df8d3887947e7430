# Held-out round 57: Y += X for tiles whose FLAG is positive, the declared part, but the guard
# skips FLAG == 1; Y is read (state), whose data-guarded stores may skip elements: a declared
# part says which are written, each once (this proved).
kernel flag_add(X: f32[N], FLAG: i32[NT], Y: f32[N]):
    assume N == NT * 64
    grid NT
    threads 64
    tag X[i] = (xi=i)
    tag Y[i] = (xi=i, yi=i)
    writes Y[i] if FLAG[i / 64] > 0
    y = load Y[block.x * 64 : +64]
    x = load X[block.x * 64 : +64]
    if FLAG[block.x] > 1:
        y2 = y + x
        store Y[block.x * 64 : +64], y2  #! error[COVER]
