# Sketch of a masked vector scale for any N: how much the grid rounds N up (an unbounded
# hole; blocks of 128 elements, so the answer is 127). A grid with no block at the
# witness's sizes does not avoid a failure: each refutation teaches a whole range.
kernel scale(X: f32[N], Y: f32[N]):
    assume N >= 1
    const B = 128
    grid ((N + ??) / B)
    threads 128
    tag X[i] = (i=i)
    tag Y[i] = (i=i)
    x = load X[block.x * B : +B] masked(fill=0.0)
    y = x * 2.0
    store Y[block.x * B : +B], y masked
