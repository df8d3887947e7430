# Held-out round 119 (unknown there): the row max of relu(x) - 0.1 in f64 with a 0.0 fill.
# The padding is 0.0 - 0.1, f64's -0.1, which f32 does not hold; every value of the data is
# at least f64's -0.1 too, so the padding never wins. The data's bound is taken in f64 where
# the math is f64 throughout (dsl/data_bounds.data_bound `wide`).
kernel relu_minus_tenth_rowmax64(X: f64[R, C], S: f64[R]):
    assume R % 4 == 0 and C >= 1 and C <= 64
    const BR, BC = 4, 64
    grid (R / BR)
    threads 64
    tag X[r, c] = (row=r, col=c)
    tag S[r] = (row=r, col=range(0, C))
    x = load X[block.x * BR : +BR, 0 : +BC] masked(fill=0.0)
    s = max(maximum(x, 0.0) - 0.1, axis=1)
    store S[block.x * BR : +BR], s
