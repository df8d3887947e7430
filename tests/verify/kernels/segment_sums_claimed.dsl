# segment_sums.dsl with the claim that each block's sum holds exactly the rows of its
# segment. Nothing assumes OFF is monotone: where OFF[r + 1] < OFF[r] the loop does not run
# and range(OFF[r], OFF[r + 1]) is empty, as Python's is (was refuted: "needs -1 contributions").
kernel segment_sums_claimed(V: f32[NV, 32], OFF: i32[R1], Y: f32[R, 32]):
    assume R1 == R + 1
    assume OFF[r] >= 0 and OFF[r] <= NV
    grid (R)
    threads 32
    tag V[n, d] = (n=n, d=d)
    tag Y[r, d] = (d=d, n=range(OFF[r], OFF[r + 1]))
    acc = zeros f32[1, 32]
    for k in range(OFF[block.x], OFF[block.x + 1]):
        v = load V[k : +1, 0 : +32]
        acc = acc + v
    assert tag(acc[0, j]).n == range(OFF[block.x], OFF[block.x + 1])
    store Y[block.x : +1, 0 : +32], acc
