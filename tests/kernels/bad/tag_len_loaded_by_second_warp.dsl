# Buggy sibling of tests/verify/kernels/len_loaded_by_first_warp.dsl: the second warp loads
# the length, but the [1] tile's element belongs to thread 0, so the load writes nothing and
# every thread masks with the zeros: no token is summed.
kernel len_loaded_by_second_warp(X: f32[R, 32, 16], N: i32[R], Y: f32[R, 16]):
    assume N[r] >= 0 and N[r] <= 32
    const L, BC = 32, 16
    grid (R)
    threads 64
    tag X[r, t, c] = (row=r, t=t, col=c)
    tag Y[r, c] = (row=r, col=c, t=range(0, N[r]))
    x = load X[block.x, 0 : +L, 0 : +BC]
    n = zeros i32[1]
    if thread.warp == 1:
        n = load N[block.x : +1]
    ln = n + 0
    nt = bcast(reshape(bcast(ln, axis=0, n=L), shape=(L)), axis=1, n=BC)
    xv = mask(x, index(x, axis=0) < nt, fill=0.0)
    s = sum(xv, axis=0)
    store Y[block.x, 0 : +BC], s  #! error[TAG]
