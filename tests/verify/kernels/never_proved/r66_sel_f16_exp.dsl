# w is an f16 tile: where(.., s, zh + 11.09) holds 11.09375 there, exp of which overflows f16 (inf); exp(w) follows w's where sides unrounded: exp(11.09) = 65504
kernel k_a12_bug_sel_f16_exp(S: f16[T, T], P: f16[T, T]):
    assume T % 32 == 0
    grid (T / 32, T / 32)
    threads 128
    tag S[i, j] = (row=i, col=j)
    tag P[i, j] = (row=i, col=j) if j <= i else 65504.0
    s = load S[block.x * 32 : +32, block.y * 32 : +32]
    so = s
    z = zeros f32[32, 32]
    zh = zeros f16[32, 32]
    w = where(block.y * 32 + index(s, axis=1) <= block.x * 32 + index(s, axis=0), s, zh + 11.09)
    c = exp(w)
    p = where(block.y * 32 + index(s, axis=1) <= block.x * 32 + index(s, axis=0), so, c)
    store P[block.x * 32 : +32, block.y * 32 : +32], p
