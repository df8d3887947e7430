# Held-out round 128: a persistent kernel that resets the running maximum to 0.0 at the end
# of each outer iteration: every row after the block's first starts at 0.0.
kernel rowmax(X: f32[R, C], Y: f32[R]):
    assume R % 16 == 0 and C % 32 == 0 and C >= 32
    const BR, BC, RT = 4, 32, 4
    grid (R / (BR * RT))
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r, col=range(0, C))
    z = zeros f32[BR]
    m = z - inf
    for rt in range(RT):
        for ct in range(C / BC):
            x = load X[(block.x * RT + rt) * BR : +BR, ct * BC : +BC]
            m = maximum(m, max(0.0 - exp(x), axis=1))  #! warning[START]
        store Y[(block.x * RT + rt) * BR : +BR], m
        m = z + 0.0
