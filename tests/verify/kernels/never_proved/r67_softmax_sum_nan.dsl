# l = row sum of exp(s2 - max(s2)) of a constant inf tile is NaN, not >= 1; z / bcast(l) is NaN, folded 0.0
kernel k_a10_bug_softmax_sum_nan(S: f32[T, T], P: f32[T, T]):
    assume T % 32 == 0
    grid (T / 32, T / 32)
    threads 128
    tag S[i, j] = (row=i, col=j)
    tag P[i, j] = (row=i, col=j) if j <= i
    s = load S[block.x * 32 : +32, block.y * 32 : +32]
    so = s
    z = zeros f32[32, 32]
    s2 = z + inf
    m = max(s2, axis=1)
    e = exp(s2 - bcast(m, axis=1, n=32))
    l = sum(e, axis=1)
    c = z / bcast(l, axis=1, n=32)
    p = where(block.y * 32 + index(s, axis=1) <= block.x * 32 + index(s, axis=0), so, c)
    store P[block.x * 32 : +32, block.y * 32 : +32], p
