# range field (an empty segment holds 0.0): acc starts at cast(maximum(-(zi - 2147483647 - 1), zi) - 2147483647 - 1, f32), folded 0.0 (-(-2^31) taken as 2^31), really -2^31
kernel k_a09(V: f32[NV, 32], OFF: i32[R1], Y: f32[R, 32]):
    assume R1 == R + 1
    assume OFF[r] >= 0 and OFF[r] <= NV
    grid (R)
    threads 32
    tag V[n, d] = (n=n, d=d)
    tag Y[r, d] = (d=d, n=range(OFF[r], min(OFF[r + 1], NV)))
    zi = zeros i32[1, 32]
    q = maximum(-(zi - 2147483647 - 1), zi) - 2147483647 - 1
    acc = cast(q, f32)
    for k in range(OFF[block.x], min(OFF[block.x + 1], NV)):
        v = load V[k : +1, 0 : +32]
        acc = acc + v
    store Y[block.x : +1, 0 : +32], acc
