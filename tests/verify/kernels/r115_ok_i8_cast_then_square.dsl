# A square of an i8 tile made f32 first: float math, >= 0.0 (held-out round 115: refuted once the
# bound through a named tile was gated on float math).
kernel b07_ok_i8_cast_then_square(X: i8[R, C], Mx: f32[C]):
    assume C % 64 == 0 and R >= 1
    const BR, BC = 32, 64
    grid (C / BC)
    threads 64
    tag X[r, c] = (row=r, col=c)
    tag Mx[c] = (col=c)
    z = zeros f32[BC]
    m = z - inf
    for rt in range((R + BR - 1) / BR):
        x = load X[rt * BR : +BR, block.x * BC : +BC] masked(fill=0)
        y = cast(x, f32)
        p = y * y
        m = maximum(m, max(p, axis=0))
    assert tag(m[j]).row == range(0, R) and tag(m[j]).col == block.x * BC + j
    store Mx[block.x * BC : +BC], m
