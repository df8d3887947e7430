# the mask reads t = a + 0 where a was reloaded at the end of the previous iteration: the tag
# claims ID[r] > 0 but from the second column tile on, t is ID2's
kernel lc(X: f32[R, 128], ID: i32[R], ID2: i32[R], Y: f32[R, 128]):
    assume R % 4 == 0
    const BR, C = 4, 64
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r, col=c) if ID[r] > 0
    a = load ID[block.x * BR : +BR]
    for ct in range(2):
        x = load X[block.x * BR : +BR, ct * C : +C]
        t = a + 0
        y = mask(x, bcast(t, axis=1, n=C) > 0, fill=0.0)
        store Y[block.x * BR : +BR, ct * C : +C], y  #! error[TAG]
        a = load ID2[block.x * BR : +BR]
