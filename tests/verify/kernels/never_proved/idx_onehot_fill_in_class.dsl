# BUG: the tail is padded with 3.0, which is class 3: every padded row counts there.
# (index comparisons decide padding only outside the index range: unknown, never proved)
kernel onehot_count(X: f32[R], Y: f32[32]):
    assume R >= 1 and R <= 256
    grid 1
    threads 256
    tag X[r] = (row=r)
    tag Y[c] = (row=range(0, R))
    x = load X[0 : +256] masked(fill=3.0)
    xb = bcast(x, axis=0, n=32)
    hit = where(xb == cast(index(xb, axis=0), f32), 1.0, 0.0)
    y = sum(hit, axis=1)
    store Y[0 : +32], y
