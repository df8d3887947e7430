# Held-out round 60: abs of an integer tile in a condition (abs(ib) > 0 against ID[r] != 0,
# INT_MIN assumed away): not followed, it was any choice and a correct mask was refuted.
kernel abs_mask(X: f32[R, 64], ID: i32[R], Y: f32[R, 64]):
    assume R % 4 == 0
    assume ID[r] != -2147483648
    const BR, C = 4, 64
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r, col=c) if ID[r] != 0
    x = load X[block.x * BR : +BR, 0 : +C]
    idv = load ID[block.x * BR : +BR]
    ib = bcast(idv, axis=1, n=C)
    y = where(abs(ib) > 0, x, 0.0)
    store Y[block.x * BR : +BR, 0 : +C], y
