# New-user round 56: a permutation scatter through INV where P was meant; the permutation's
# quantified assumptions made the solver time out (unknown) until quantifiers were unrolled over small sizes.
kernel perm_scatter(X: f32[T, D], P: i32[T], INV: i32[T], Y: f32[T, D]):
    assume D % 64 == 0
    assume P[t] >= 0 and P[t] < T and INV[t] >= 0 and INV[t] < T
    assume INV[P[t]] == t and P[INV[t]] == t
    const BD = 64
    grid (T, D / BD)
    threads 64
    tag X[t, d] = (src=t, col=d)
    tag Y[r, d] = (src=INV[r], col=d)
    x = load X[block.x : +1, block.y * BD : +BD]
    store Y[INV[block.x] : +1, block.y * BD : +BD], x  #! error[TAG]
