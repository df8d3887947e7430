# Column sums of a matrix: s[c] = sum(x[:, c]).
# Optimizations: a block owns BC columns and streams row tiles of BR rows; thread t owns
# column t of every tile (the default distribution of a [BR, 64] tile over 64 threads),
# so the reduction over rows needs neither shared memory nor barriers.
kernel col_sum(X: f32[R, C], S: f32[C]):
    assume R % 32 == 0 and C % 64 == 0
    const BR, BC = 32, 64
    grid (C / BC)
    threads 64
    tag X[r, c] = (row=r, col=c)
    tag S[c] = (col=c)
    s = zeros f32[BC]
    for rt in range(R / BR):
        x = load X[rt * BR : +BR, block.x * BC : +BC]
        s = s + sum(x, axis=0)
    assert tag(s[j]).row == range(0, R) and tag(s[j]).col == block.x * BC + j
    store S[block.x * BC : +BC], s
