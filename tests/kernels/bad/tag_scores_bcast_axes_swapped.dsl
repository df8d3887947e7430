# S = Q Kᵀ with the broadcast axes swapped: s[i, j] pairs Q's row j with K's row i.
kernel scores(Q: f32[M, 16], K: f32[N, 16], S: f32[M, N]):
    assume M % 8 == 0 and N % 8 == 0
    grid (M / 8, N / 8)
    threads 64
    tag Q[i, d] = (row=i, d=d)
    tag K[j, d] = (col=j, d=d)
    tag S[i, j] = (row=i, col=j)
    q = load Q[block.x * 8 : +8, 0 : +16]
    k = load K[block.y * 8 : +8, 0 : +16]
    s = sum(bcast(q, axis=0, n=8) * bcast(k, axis=1, n=8), axis=2)
    assert tag(s[i, j]).d == range(0, 16)
    store S[block.x * 8 : +8, block.y * 8 : +8], s  #! error[TAG]
