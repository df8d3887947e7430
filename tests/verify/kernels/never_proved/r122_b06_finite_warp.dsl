# b02 with a role condition on the warp: g has 64 rows (g[i] by thread i), warp 0 writes
# g[0..31], g[32..63] keep inf; 0.0 padding * inf = NaN
kernel b06(X: f32[R, C], W: f32[R, 8], S: f32[R]):
    assume R % 64 == 0 and C >= 1 and C <= 8
    const BR, BC = 64, 8
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag W[r, c] = (row=r, col=c)
    tag S[r] = (row=r)
    x = load X[block.x * BR : +BR, 0 : +BC] masked(fill=0.0) layout (32, 16):(1, 32)
    w = load W[block.x * BR : +BR, 0 : +BC]
    z = zeros f32[BR]
    g = z + inf
    if thread.warp == 0:
        g = max(w, axis=1)
        p = x * bcast(g, axis=1, n=BC) layout (32, 16):(1, 32)
        s = sum(p, axis=1) layout (32, 2):(1, 32)
        store S[block.x * BR : +BR], s layout (32, 2):(1, 32)
