# r46_ok_mask_redefined_in_place with the mask one column short (< 255): column 255 of
# each view never reaches the partial sum, refuted through the redefinition of sq.
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
    sq = mask(sq, index(sq, axis=1) < 255, fill=0.0)
    rowsum = sum(sq, axis=1)
    tot = sum(reshape(rowsum, shape=(1, 16)), axis=1)
    part = tot / cast(N, f32)
    store Part[block.x : +1], part  #! error[TAG]
