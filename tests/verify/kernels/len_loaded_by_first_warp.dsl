# Ragged row sums whose length is loaded by the first warp only (`if thread.warp == 0`) and
# used by every thread: the [1] length tile's one element belongs to thread 0, which takes
# the branch, so the load writes all of the tile and the mask reads N[r] (encode/
# element_conds.py follows a write under a thread condition that every owner of its elements
# passes). Before, the two writes of `n` made its value a free choice and the claim on the
# stored tokens was refuted. (`ln = n + 0` is computed outside the branch by n's owner: the
# lowering stages a tile read across threads where it is defined, which must not be under a
# thread condition.)
kernel len_loaded_by_first_warp(X: f32[R, 32, 16], N: i32[R], Y: f32[R, 16]):
    assume N[r] >= 0 and N[r] <= 32
    const L, BC = 32, 16
    grid (R)
    threads 64
    tag X[r, t, c] = (row=r, t=t, col=c)
    tag Y[r, c] = (row=r, col=c, t=range(0, N[r]))
    x = load X[block.x, 0 : +L, 0 : +BC]
    n = zeros i32[1]
    if thread.warp == 0:
        n = load N[block.x : +1]
    ln = n + 0
    nt = bcast(reshape(bcast(ln, axis=0, n=L), shape=(L)), axis=1, n=BC)
    xv = mask(x, index(x, axis=0) < nt, fill=0.0)
    s = sum(xv, axis=0)
    store Y[block.x, 0 : +BC], s
