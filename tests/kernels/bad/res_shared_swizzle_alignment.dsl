# Held-out round 41: 128 + 232320 bytes are exactly 232448, but the swizzled buffer starts on
# a 1024-byte boundary, 896 bytes past the first one's end (declared first, it would fit).
kernel swa(X: f16[M, 64], Y: f16[M, 64], Z: f32[G, 32]):
    assume M % 1815 == 0 and G == M / 1815
    grid M / 1815
    threads 1024
    tag X[i, j] = (row=i, col=j)
    tag Y[i, j] = (row=i, col=j)
    a = shared f32[32]
    b = shared f16[1815, 64] swizzle(3, 3, 3)  #! error[RES]
    z = load Z[block.x, 0 : +32]
    store a[0 : +32], z
    copy b[0 : +1815, 0 : +64], X[block.x * 1815 : +1815, 0 : +64]
    barrier
    for r in range(5):
        y = load b[r * 363 : +363, 0 : +64]
        store Y[block.x * 1815 + r * 363 : +363, 0 : +64], y
