# OK sibling: 16777216.0 is exact in f32
kernel d06_ok(S: f64[T, T], P: f64[T, T]):
    assume T % 32 == 0
    grid (T / 32, T / 32)
    threads 128
    tag S[i, j] = (row=i, col=j)
    tag P[i, j] = (row=i, col=j) if j <= i
    s = load S[block.x * 32 : +32, block.y * 32 : +32]
    m = mask(s, block.y * 32 + index(s, axis=1) <= block.x * 32 + index(s, axis=0), fill=0.0)
    c = maximum(m, cast(16777216.0, f64)) - 16777216.0
    store P[block.x * 32 : +32, block.y * 32 : +32], c
