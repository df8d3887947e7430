# New-user round 40: a column variance in two passes over a row tail, re-masking x - mean
# before squaring; `x` is loaded in both loops (each read sees its own iteration's load).
# column variance, two passes, any R (row tail): V[c] = mean_r (X[r, c] - mu[c])^2
kernel colvar(X: f32[R, C], V: f32[C]):
    assume R >= 1 and C % 64 == 0
    const BR, BC = 32, 64
    grid (C / BC)
    threads 64
    tag X[r, c] = (row=r, col=c)
    tag V[c] = (col=c)
    s = zeros f32[BC]
    for rt in range((R + BR - 1) / BR):
        x = load X[rt * BR : +BR, block.x * BC : +BC] masked(fill=0.0)
        s = s + sum(x, axis=0)
    assert covers(tag(s[j]).row, 0, R)
    mu = s / cast(R, f32)
    q = zeros f32[BC]
    for rt in range((R + BR - 1) / BR):
        x = load X[rt * BR : +BR, block.x * BC : +BC] masked(fill=0.0)
        d = x - bcast(mu, axis=0, n=BR)
        dm = mask(d, rt * BR + index(d, axis=0) < R, fill=0.0)
        q = q + sum(dm * dm, axis=0)
    v = q / cast(R, f32)
    store V[block.x * BC : +BC], v
