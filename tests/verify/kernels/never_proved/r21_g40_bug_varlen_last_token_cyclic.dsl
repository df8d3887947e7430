# varlen last-token pooling: Y[b] = X[cu[b + 1] - 1]; cu assumed strictly increasing but written with a wrap ((b + 1) % NB: contradictory); BUG: reads X[cu[b + 1]] (first token of the next sequence, past X for the last one)
kernel g40_bug_varlen_last_token_cyclic(X: f32[T, 64], cu: i32[NB], Y: f32[B, 64]):
    assume NB == B + 1
    assume cu[b] >= 0 and cu[b] <= T
    assume cu[b] < cu[(b + 1) % NB]
    grid (B)
    threads 64
    tag X[t, d] = (tok=t, col=d)
    tag Y[b, d] = (col=d)
    x = load X[cu[block.x + 1], 0 : +64]
    store Y[block.x, 0 : +64], x
