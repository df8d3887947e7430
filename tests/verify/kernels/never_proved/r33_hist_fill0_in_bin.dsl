# BUG: the tail is padded with 0, which is bin 0: every padded element is counted there.
kernel hist16(X: i32[N], H: i32[NB, 16]):
    assume N >= 1 and NB == (N + 255) / 256
    assume X[i] >= 0 and X[i] < 16
    const B, K = 256, 16
    grid NB
    threads 256
    tag X[i] = (idx=i)
    tag H[b, k] = (idx=range(256 * b, min(256 * b + 256, N)))
    x = load X[block.x * B : +B] masked(fill=0)
    xb = bcast(x, axis=0, n=K)
    hit = where(xb == index(xb, axis=0), 1, 0)
    h = sum(hit, axis=1)
    store H[block.x, 0 : +K], h
