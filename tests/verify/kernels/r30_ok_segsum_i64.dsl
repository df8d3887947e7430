# Segment sums: Y[s] = sum(X[OFF[s] : OFF[s+1]]), one segment per block, 128-wide masked tiles
# inside the segment; empty segments store 0.
kernel segsum(OFF: i32[S1], X: f32[N], Y: f32[S]):
    assume S1 == S + 1
    assume OFF[s] >= 0 and OFF[s] <= N
    assume s + 1 >= S1 or OFF[s] <= OFF[s + 1]
    const B = 128
    grid S
    threads 128
    tag X[i] = (idx=i)
    tag Y[s] = (idx=range(OFF[s], OFF[s + 1]))
    acc = zeros f32[1]
    o0 = load OFF[block.x : +1]
    o1 = load OFF[block.x + 1 : +1]
    lo = cast(reshape(bcast(o0, axis=0, n=B), shape=(B,)), i64)
    hi = cast(reshape(bcast(o1, axis=0, n=B), shape=(B,)), i64)
    for t in range((OFF[block.x + 1] - OFF[block.x] + B - 1) / B):
        x = load X[OFF[block.x] + t * B : +B] masked(fill=0.0)
        xm = mask(x, lo + t * B + cast(index(x, axis=0), i64) < hi, fill=0.0)
        acc = acc + sum(reshape(xm, shape=(1, B)), axis=1)
    store Y[block.x : +1], acc
