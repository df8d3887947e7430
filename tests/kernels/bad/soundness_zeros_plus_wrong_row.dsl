# A tile computed as zeros + x carries x's data: it must carry x's records too. With zeros
# paired as the empty set of contributions, y had none and the store's tag function held
# vacuously although x is the next block's row (a false "proved").
kernel zplus(X: f32[R, 32], O: f32[R, 32]):
    assume R % 2 == 0
    grid (R)
    threads 32
    tag X[r, c] = (row=r, col=c)
    tag O[r, c] = (row=r, col=c)
    x = load X[(block.x + 1) % R : +1, 0 : +32]
    z = zeros f32[1, 32]
    y = z + x
    store O[block.x : +1, 0 : +32], y  #! error[TAG]
