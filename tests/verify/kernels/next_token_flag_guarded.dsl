# Correct sibling of tests/kernels/bad/bound_elem_read_next_token.dsl: the last token is
# flagged by the first operand of `or`, which short-circuits, so SEG[block.x + 1] is read
# only where block.x + 1 < N.
kernel next_token_flag_guarded(X: f32[N, 32], SEG: i32[N], Y: f32[N, 32]):
    grid (N)
    threads 32
    tag X[t, d] = (tok=t, d=d)
    tag Y[t, d] = (tok=t, d=d)
    x = load X[block.x : +1, 0 : +32]
    if block.x + 1 == N or SEG[block.x] != SEG[block.x + 1]:
        y = x * 2.0
        store Y[block.x : +1, 0 : +32], y
    else:
        store Y[block.x : +1, 0 : +32], x
