# Bins compared with `index(..) - 1`: the -1 fill of the column tail is counted in bin 0
# (sibling of ../r62_ok_hist_index_plus1.dsl).
kernel row_hist(LAB: i32[R, C], H: i32[R, 16]):
    assume R % 4 == 0 and C >= 1
    assume LAB[r, c] >= 1 and LAB[r, c] < 17
    const BR, BC, K = 4, 64, 16
    grid (R / BR)
    threads 256
    tag LAB[r, c] = (row=r, col=c)
    tag H[r, k] = (row=r, col=range(0, C))
    h = zeros i32[BR, K]
    for ct in range((C + BC - 1) / BC):
        x = load LAB[block.x * BR : +BR, ct * BC : +BC] masked(fill=-1)
        xb = bcast(x, axis=1, n=K)
        hit = where(xb == index(xb, axis=1) - 1, 1, 0)
        h = h + sum(hit, axis=2)
    store H[block.x * BR : +BR, 0 : +K], h
