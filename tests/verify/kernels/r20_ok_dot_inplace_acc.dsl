# Correct sibling of never_proved/r20_t29: Y[r] = sum_c X[r,c]*Z[r,c], both column halves paired alike;
# each record holds col twice (from X and from Z), equal, so range(0, 64) proves
kernel r20_ok_dot_inplace_acc(X: f32[R, 64], Z: f32[R, 64], Y: f32[R]):
    assume R % 4 == 0
    grid (R / 4)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Z[r, c] = (row=r, col=c)
    tag Y[r] = (row=r, col=range(0, 64))
    acc = zeros f32[4]
    for h in range(2):
        x = load X[block.x * 4 : +4, h * 32 : +32]
        z = load Z[block.x * 4 : +4, h * 32 : +32]
        p = x * z
        acc = acc + sum(p, axis=1)
    store Y[block.x * 4 : +4], acc
