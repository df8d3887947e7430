# Held-out round 58: a state part stored once per iteration of a two-iteration loop (Y + 2X).
kernel flag_add(X: f32[N], FLAG: i32[NT], Y: f32[N]):
    assume N == NT * 64
    grid NT
    threads 64
    tag X[i] = (xi=i)
    tag Y[i] = (xi=i, yi=i)
    writes Y[i] if FLAG[i / 64] > 0
    for h in range(2):
        y = load Y[block.x * 64 : +64]
        x = load X[block.x * 64 : +64]
        if FLAG[block.x] > 0:
            y2 = y + x
            store Y[block.x * 64 : +64], y2  #! error[COVER]
