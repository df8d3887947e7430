# first-token pooling Y[b] = X[starts[b]]; 'strictly increasing, at most T' written with starts[b + 1], which at b = NB - 1 names an element past the array; bug: the last segment may start at T (empty), read past X
kernel b31_bug_first_token_phantom_next_start(X: f32[T, 64], starts: i32[NB], Y: f32[NB, 64]):
    assume starts[b] >= 0 and starts[b] < starts[b + 1] and starts[b + 1] <= T
    grid NB
    threads 64
    tag X[t, d] = (token=t, d=d)
    tag Y[b, d] = (token=starts[b], d=d)
    x = load X[starts[block.x] : +1, 0 : +64]
    store Y[block.x : +1, 0 : +64], x
