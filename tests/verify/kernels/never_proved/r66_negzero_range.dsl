# acc starts at exp(-(1.0 / (z * (0 - R)))): z * (0 - R) is -0.0, so 1.0 / it is -inf and the start is exp(inf) = inf, not 0.0; an empty segment (range empty: 0.0 due) stores inf
kernel k_a22_bug(V: f32[NV, 32], OFF: i32[R1], Y: f32[R, 32]):
    assume R1 == R + 1
    assume OFF[r] >= 0 and OFF[r] <= NV
    grid (R)
    threads 32
    tag V[n, d] = (n=n, d=d)
    tag Y[r, d] = (d=d, n=range(OFF[r], min(OFF[r + 1], NV)))
    z = zeros f32[1, 32]
    acc = exp(-(1.0 / (z * (0 - R))))
    for k in range(OFF[block.x], min(OFF[block.x + 1], NV)):
        v = load V[k : +1, 0 : +32]
        acc = acc + v
    store Y[block.x : +1, 0 : +32], acc
