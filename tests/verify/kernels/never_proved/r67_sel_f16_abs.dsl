# w (f16) holds 2048 where cond fails; abs(w) follows the where side unrounded (2049): abs(w) - 2048.0 folded 1.0, is 0.0
kernel k_a07_bug_sel_f16_abs(S: f16[T, T], P: f16[T, T]):
    assume T % 32 == 0
    grid (T / 32, T / 32)
    threads 128
    tag S[i, j] = (row=i, col=j)
    tag P[i, j] = (row=i, col=j) if j <= i else 1.0
    s = load S[block.x * 32 : +32, block.y * 32 : +32]
    so = s
    z = zeros f32[32, 32]
    zh = zeros f16[32, 32]
    w = where(block.y * 32 + index(s, axis=1) <= block.x * 32 + index(s, axis=0), s, zh + 2049.0)
    c = abs(w) - 2048.0
    p = where(block.y * 32 + index(s, axis=1) <= block.x * 32 + index(s, axis=0), so, c)
    store P[block.x * 32 : +32, block.y * 32 : +32], p
