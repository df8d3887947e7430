# An accumulator from zeros with two updates: the second (unmasked rows of W) puts data where
# the first leaves padding, so the rows past R of s are data, not exactly padding; the centred
# values there are -m, which the column sum adds (never proved; one update keeps the place exact).
kernel two_updates(X: f32[R, 128], W: f32[4, 128], Y: f32[128]):
    assume R >= 1 and R <= 4
    grid 1
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag W[r, c] = (wrow=r, wcol=c)
    s = zeros f32[4]
    x = load X[0 : +4, 0 : +128] masked(fill=0.0)
    s = s + sum(x, axis=1)
    w = load W[0 : +4, 0 : +128]
    s = s + sum(w, axis=1)
    m = s / 128
    d = x - bcast(m, axis=1, n=128)
    y = sum(d, axis=0)
    store Y[0 : +128], y
