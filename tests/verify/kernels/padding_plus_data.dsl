# Y = A + X where A is shorter than X (zero past its end): blocks past A's end see only
# padding (0.0) in a, and y = a + x is x there, with x's records (padding that meets data is
# the empty record, docs/SEMANTICS.md "Tags"), so Y's tag function holds at every block.
kernel padplus_ok(A: f32[N], X: f32[M], Y: f32[M]):
    assume M == 2 * N and N % 32 == 0
    grid (M / 32)
    threads 32
    tag X[i] = (i=i)
    tag Y[i] = (i=i)
    a = load A[block.x * 32 : +32] masked(fill=0.0)
    x = load X[block.x * 32 : +32]
    y = a + x
    assert covers(tag(y[e]).i, block.x * 32 + e, block.x * 32 + e + 1)
    store Y[block.x * 32 : +32], y
