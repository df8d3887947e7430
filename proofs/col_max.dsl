# Maximum over dimension 0: m[c] = max(x[:, c]), a running maximum that starts at -inf
# (a fresh tile `z - inf`: no contributions, where an update `m = m - inf` would add the
# literal's empty record).
# Optimizations: as col_sum, thread t owns column t of each [BR, BC] row tile; the
# reduction of a tile over its rows stays in the thread, the running maximum in registers.
kernel col_max(X: f32[R, C], Mx: f32[C]):
    assume R % 32 == 0 and C % 64 == 0
    const BR, BC = 32, 64
    grid (C / BC)
    threads 64
    tag X[r, c] = (row=r, col=c)
    tag Mx[c] = (col=c)
    z = zeros f32[BC]
    m = z - inf
    for rt in range(R / BR):
        x = load X[rt * BR : +BR, block.x * BC : +BC]
        m = maximum(m, max(x, axis=0))
    assert tag(m[j]).row == range(0, R) and tag(m[j]).col == block.x * BC + j
    store Mx[block.x * BC : +BC], m
