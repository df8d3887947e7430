# New-user round 55: the row-chunk loop rounds the segment length down: the last partial chunk of each segment is dropped.
kernel segment_mean_last_chunk_dropped(X: f32[N, D], OFF: i32[S1], OUT: f32[S, D]):
    assume S1 == S + 1 and D % 64 == 0 and N <= 1048576
    assume OFF[s] >= 0 and OFF[s] <= N
    assume s + 1 >= S1 or OFF[s] <= OFF[s + 1]
    const BR, BD = 16, 64
    grid (S, D / BD)
    threads 128
    tag X[n, d] = (row=n, feat=d)
    tag OUT[s, d] = (feat=d, row=range(OFF[s], OFF[s + 1]))
    acc = zeros f32[BD]
    for rt in range((OFF[block.x + 1] - OFF[block.x]) / BR):
        x = load X[OFF[block.x] + rt * BR : +BR, block.y * BD : +BD] masked(fill=0.0)
        xv = mask(x, rt * BR + index(x, axis=0) < OFF[block.x + 1] - OFF[block.x], fill=0.0)
        assert tag(x[i, j]).feat == block.y * BD + j and tag(x[i, j]).row == OFF[block.x] + rt * BR + i
        acc = acc + sum(xv, axis=0)
    o = load OFF[block.x : +2]
    cnt = max(o, axis=0) - min(o, axis=0)
    y = acc / cast(maximum(bcast(cnt, axis=0, n=BD), 1), f32)
    store OUT[block.x, block.y * BD : +BD], y  #! error[TAG]
