# One AdamW step in place, each updated tensor declared with `writes X[i]` (all of it, once):
# a forgotten store back is an error (new-user round 62; golden e023_writes_whole_not_stored).
#   m = b1 m + (1 - b1) g;  v = b2 v + (1 - b2) g^2
#   p = p - lr * (m / BC1 / (sqrt(v / BC2) + eps) + wd * p)
kernel adamw(P: f32[N], G: f32[N], Mo: f32[N], Vo: f32[N]):
    assume N % 256 == 0
    const B = 256
    grid (N / B)
    threads 256
    tag P[i] = (idx=i)
    tag G[i] = (idx=i)
    tag Mo[i] = (idx=i)
    tag Vo[i] = (idx=i)
    writes P[i]
    writes Mo[i]
    writes Vo[i]
    p = load P[block.x * B : +B]
    g = load G[block.x * B : +B]
    m = load Mo[block.x * B : +B]
    v = load Vo[block.x * B : +B]
    m = 0.9 * m + 0.1 * g
    v = 0.999 * v + 0.001 * g * g
    mh = m / 0.19
    vh = v / 0.001999
    p = p - 0.001 * (mh / (sqrt(vh) + 0.00000001) + 0.01 * p)
    assert tag(p[j]).idx == block.x * B + j
    store Mo[block.x * B : +B], m
    store Vo[block.x * B : +B], v
    store P[block.x * B : +B], p
