# An accumulator that no update reached (block 0's loop runs zero times) holds no data, so
# an mma with it as an operand carries the other operand's records, as elementwise math does.
# With the mma pairing it as the empty set, block 0's o had no record, and W read from the
# wrong columns there was not seen: the store's tag function held vacuously (a false "proved").
kernel tri_mma(A: f32[R, R], V: f32[R, 16], W: f32[16, 32], O: f32[R, 16]):
    assume R % 16 == 0 and R >= 32
    grid (R / 16)
    threads 32
    tag A[r, c] = (row=r, k=c)
    tag V[r, c] = (k=r)
    tag W[r, c] = (col=c)
    tag O[r, c] = (col=c)
    acc = zeros f32[16, 16]
    for kt in range(block.x):
        a = load A[block.x * 16 : +16, kt * 16 : +16]
        p = a * bcast(sum(a, axis=1), axis=1, n=16)
        v = load V[kt * 16 : +16, 0 : +16]
        acc = mma(p, v, acc)
    # block 0 reads W's second half of columns; every other block the first
    w = load W[0 : +16, (1 - (block.x + R / 16 - 1) / (R / 16)) * 16 : +16]
    z = zeros f32[16, 16]
    o = mma(acc, w, z)
    store O[block.x * 16 : +16, 0 : +16], o  #! error[TAG]
