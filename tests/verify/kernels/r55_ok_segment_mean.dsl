# New-user round 55: a segment mean over CSR-style offsets, segments may be empty; the count
# max(o) - min(o) of an untagged offsets tile is one record, and an empty segment's zeros bind no
# other field of the output's tag function.
kernel segment_mean(X: f32[N, D], OFF: i32[S1], OUT: f32[S, D]):
    assume S1 == S + 1 and D % 64 == 0 and N <= 1048576
    assume OFF[s] >= 0 and OFF[s] <= N
    assume s + 1 >= S1 or OFF[s] <= OFF[s + 1]
    const BR, BD = 16, 64
    grid (S, D / BD)
    threads 128
    tag X[n, d] = (row=n, feat=d)
    tag OUT[s, d] = (feat=d, row=range(OFF[s], OFF[s + 1]))
    acc = zeros f32[BD]
    for rt in range((OFF[block.x + 1] - OFF[block.x] + BR - 1) / BR):
        x = load X[OFF[block.x] + rt * BR : +BR, block.y * BD : +BD] masked(fill=0.0)
        xv = mask(x, rt * BR + index(x, axis=0) < OFF[block.x + 1] - OFF[block.x], fill=0.0)
        assert tag(x[i, j]).feat == block.y * BD + j and tag(x[i, j]).row == OFF[block.x] + rt * BR + i
        acc = acc + sum(xv, axis=0)
    o = load OFF[block.x : +2]
    cnt = max(o, axis=0) - min(o, axis=0)
    y = acc / cast(maximum(bcast(cnt, axis=0, n=BD), 1), f32)
    store OUT[block.x, block.y * BD : +BD], y
