# A loop's bounds read row pointers: row r sums rows OFF[r] .. OFF[r + 1] - 1 of V, but OFF
# has R entries where R + 1 are needed, so the last block reads OFF[R] (was proved: loop
# bounds that read an integer input were never bounds-checked).
kernel segment_sums(V: f32[NV, 32], OFF: i32[R], Y: f32[R, 32]):
    assume OFF[r] >= 0 and OFF[r] <= NV
    grid (R)
    threads 32
    tag V[n, d] = (n=n, d=d)
    tag Y[r, d] = (d=d, n=range(OFF[r], min(OFF[r + 1], NV)))
    acc = zeros f32[1, 32]
    for k in range(OFF[block.x], min(OFF[block.x + 1], NV)):  #! error[BOUND]
        v = load V[k : +1, 0 : +32]
        acc = acc + v
    store Y[block.x : +1, 0 : +32], acc
