# r55_ok_neg_literal_mask keeping rows with FL >= -99: a row whose label is -100 is cleared though its
# tag function says it holds X's row.
kernel neg_literal_mask_off_by_one(X: f32[R, 64], FL: i32[R], Y: f32[R, 64]):
    assume R % 4 == 0
    const BR, C = 4, 64
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r, col=c) if FL[r] >= -100
    x = load X[block.x * BR : +BR, 0 : +C]
    fl = load FL[block.x * BR : +BR]
    fb = bcast(fl, axis=1, n=C)
    y = mask(x, fb >= -99, fill=0.0)
    store Y[block.x * BR : +BR, 0 : +C], y  #! error[TAG]
