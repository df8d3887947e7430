# Cumulative histogram per block: H[b, k] = #{ i in block b : X[i] < k }, values in [0, 16);
# any N. The tail's padding is 16, below no threshold 0 .. 15, so it counts nowhere.
kernel hist_below(X: i32[N], H: i32[NB, 16]):
    assume N >= 1 and NB == (N + 127) / 128
    assume X[i] >= 0 and X[i] < 16
    const B, K = 128, 16
    grid NB
    threads 128
    tag X[i] = (idx=i)
    tag H[b, k] = (idx=range(128 * b, min(128 * b + 128, N)))
    x = load X[block.x * B : +B] masked(fill=-1)
    xb = bcast(x, axis=0, n=K)
    below = where(xb < index(xb, axis=0), 1, 0)
    h = sum(below, axis=1)  #! error[TAG]
    store H[block.x, 0 : +K], h
