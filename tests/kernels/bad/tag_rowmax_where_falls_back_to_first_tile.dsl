# Buggy sibling of tests/verify/kernels/rowmax_where_select.dsl: where the tile max is not
# larger the select falls back to the first tile's max, dropping the tiles between (TAG; the
# hint says how a where pairs its condition's records with the pick's).
kernel rowmax_where_falls_back_to_first_tile(X: f32[R, C], Y: f32[R]):
    assume R % 4 == 0 and C % 128 == 0 and C >= 128
    const BR, BC = 4, 128
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r)
    x0 = load X[block.x * BR : +BR, 0 : +BC]
    m0 = max(x0, axis=1)
    m = m0
    for ct in range(1, C / BC):
        x = load X[block.x * BR : +BR, ct * BC : +BC]
        mx = max(x, axis=1)
        m = where(mx > m, mx, m0)
    assert tag(m[i]).row == block.x * BR + i and tag(m[i]).col == range(0, C)  #! error[TAG]
    store Y[block.x * BR : +BR], m
