# New-user round 46 (unknown): a tile masked into its own name at the kernel's top level,
# `sq = mask(sq, ..)`, read as an in-place update that may drop its value; outside loops it
# runs once, a new definition of sq (encode/redefine.py). Mean-squared-error partial sums
# over 16 x 256 views of 4096 elements, the mask keeping every column (< 256).
kernel mse_partial(P: f32[N], T: f32[N], Part: f32[G]):
    assume N == G * 4096
    const BLK = 4096
    grid (G)
    threads 256
    tag P[n] = (idx=n)
    tag T[n] = (idx=n)
    tag Part[b] = (idx=range(b * 4096, b * 4096 + 4096))
    p = load P[block.x * BLK : +BLK]
    t = load T[block.x * BLK : +BLK]
    d = p - t
    sq = reshape(d * d, shape=(16, 256))
    sq = mask(sq, index(sq, axis=1) < 256, fill=0.0)
    assert tag(sq[r, c]).idx == block.x * BLK + r * 256 + c
    rowsum = sum(sq, axis=1)
    tot = sum(reshape(rowsum, shape=(1, 16)), axis=1)
    part = tot / cast(N, f32)
    store Part[block.x : +1], part
