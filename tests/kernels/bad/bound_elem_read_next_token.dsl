# Element reads of an integer input are loads too (encode/elem_reads.py). One token per
# block doubles its row where its segment id differs from the next token's; the last
# token has no next one, and block N - 1 reads SEG[N] (the condition was proved before:
# element reads in an `if` were never bounds-checked).
kernel next_token_flag(X: f32[N, 32], SEG: i32[N], Y: f32[N, 32]):
    grid (N)
    threads 32
    tag X[t, d] = (tok=t, d=d)
    tag Y[t, d] = (tok=t, d=d)
    x = load X[block.x : +1, 0 : +32]
    if SEG[block.x] != SEG[block.x + 1]:  #! error[BOUND]
        y = x * 2.0
        store Y[block.x : +1, 0 : +32], y
    else:
        store Y[block.x : +1, 0 : +32], x
