# An integer fill the tile's type cannot hold (held-out rounds 32 and 34: `fill=300` of an i8
# tile was int8(300), 44 on a GPU and an OverflowError on the simulator, where the verifier
# and the interpreter took 300).
kernel t(X: i8[R, 64], Y: i8[R, 64]):
    assume R % 4 == 0
    grid R / 4
    threads 256
    x = load X[block.x * 4 : +4, 0 : +64]
    y = mask(x, index(x, axis=1) < 32, fill=300)  #! error[E035]
    store Y[block.x * 4 : +4, 0 : +64], y
