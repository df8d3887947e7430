# Held-out round 58: a declared part (writes Y[i] if i % 128 < 64) of an output the kernel reads
# (state), stored twice by one block (y + x, then the old y): a declared part is written once,
# a block's own rewrites of state included (this proved).
kernel half_add(X: f32[N], Y: f32[N]):
    assume N % 128 == 0
    grid N / 128
    threads 64
    tag X[i] = (xi=i)
    tag Y[i] = (xi=i, yi=i)
    writes Y[i] if i % 128 < 64
    y = load Y[block.x * 128 : +64]
    x = load X[block.x * 128 : +64]
    y2 = y + x
    store Y[block.x * 128 : +64], y2
    store Y[block.x * 128 : +64], y  #! error[COVER]
