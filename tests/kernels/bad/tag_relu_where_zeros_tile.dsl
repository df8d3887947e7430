# A ReLU written with a zeros tile as the else-branch: the same numbers as maximum(x, 0.0),
# but a `where` with a branch of zeros is a mask, and the zeros it picks are padding, so Y
# holds no record where x <= 0 (docs/SEMANTICS.md; the hint names maximum(x, 0.0)).
kernel relu_where_zeros_tile(X: f32[4, 32], Y: f32[4, 32]):
    grid (1)
    threads 32
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r, col=c)
    x = load X[0 : +4, 0 : +32]
    z = zeros f32[4, 32]
    y = where(x > 0.0, x, z)
    store Y[0 : +4, 0 : +32], y  #! error[TAG]
