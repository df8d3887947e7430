# Correct sibling of tests/kernels/bad/bound_elem_read_row_pointer_short.dsl: OFF has R + 1
# entries (its size is a name of its own, tied to R by an `assume`). Y names the rows it sums:
# an empty segment (OFF[r + 1] <= OFF[r]) holds no record, which the empty range says.
kernel segment_sums(V: f32[NV, 32], OFF: i32[R1], Y: f32[R, 32]):
    assume R1 == R + 1
    assume OFF[r] >= 0 and OFF[r] <= NV
    grid (R)
    threads 32
    tag V[n, d] = (n=n, d=d)
    tag Y[r, d] = (d=d, n=range(OFF[r], min(OFF[r + 1], NV)))
    acc = zeros f32[1, 32]
    for k in range(OFF[block.x], min(OFF[block.x + 1], NV)):
        v = load V[k : +1, 0 : +32]
        acc = acc + v
    store Y[block.x : +1, 0 : +32], acc
