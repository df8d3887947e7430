# Two top-level redefinitions of x, the second taking columns >= 8 from the next block's
# rows: the report names x as written, not the verifier's x@LINE (held-out round 49).
kernel redefined_twice_next_rows(X: f32[R, 32], Y: f32[R, 32]):
    assume R % 8 == 0 and R >= 16
    grid (R / 8)
    threads 64
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r, col=c)
    x = load X[block.x * 8 : +8, 0 : +32]
    y = load X[((block.x + 1) % (R / 8)) * 8 : +8, 0 : +32]
    x = mask(x, index(x, axis=1) < 32, fill=0.0)
    x = where(index(x, axis=1) >= 8, y, x)
    store Y[block.x * 8 : +8, 0 : +32], x  #! error[TAG]
