# w (f32) holds cast(zi + 100 + 100, f32) = -56 (i8 wraps) where cond fails; abs(w) follows the where side in the caller f32 fold: 200
kernel k_a08_bug_sel_outer_fold_i8(S: f32[T, T], P: f32[T, T]):
    assume T % 32 == 0
    grid (T / 32, T / 32)
    threads 128
    tag S[i, j] = (row=i, col=j)
    tag P[i, j] = (row=i, col=j) if j <= i else 200.0
    s = load S[block.x * 32 : +32, block.y * 32 : +32]
    so = s
    z = zeros f32[32, 32]
    zi = zeros i8[32, 32]
    w = where(block.y * 32 + index(s, axis=1) <= block.x * 32 + index(s, axis=0), s, cast(zi + 100 + 100, f32))
    c = abs(w)
    p = where(block.y * 32 + index(s, axis=1) <= block.x * 32 + index(s, axis=0), so, c)
    store P[block.x * 32 : +32, block.y * 32 : +32], p
