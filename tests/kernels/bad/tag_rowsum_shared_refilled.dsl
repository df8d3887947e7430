# Row sums staged through shared memory, any C. Bug: after the copy filled with 0.0, a second
# copy of the same window fills with 1.0 before the load; the load reads the later copy (the
# one write it sees in its iteration), so 1.0 padding reaches the sum.
kernel rowsum_shared(X: f32[R, C], Y: f32[R]):
    assume R % 4 == 0 and C >= 1
    const BR, BC = 4, 128
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r)
    sX = shared f32[BR, BC]
    acc = zeros f32[BR]
    for ct in range((C + BC - 1) / BC):
        copy sX[0 : +BR, 0 : +BC], X[block.x * BR : +BR, ct * BC : +BC] masked(fill=0.0)
        barrier
        copy sX[0 : +BR, 0 : +BC], X[block.x * BR : +BR, ct * BC : +BC] masked(fill=1.0)
        barrier
        x = load sX[0 : +BR, 0 : +BC]
        acc = acc + sum(x, axis=1)  #! error[TAG]
        barrier
    store Y[block.x * BR : +BR], acc
