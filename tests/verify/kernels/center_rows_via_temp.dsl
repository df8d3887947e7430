# Each row minus its maximum, in place through a temporary: m = bcast(max(s)), s = s - m.
# The in-place update reads m, computed from s before the update; summarising s there ran
# into the update itself and recursed without end (an internal error).
kernel center_rows_via_temp(X: f32[R, 64], Y: f32[R, 64]):
    assume R % 4 == 0
    grid (R / 4)
    threads 64
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r)
    s = load X[block.x * 4 : +4, 0 : +64]
    m = bcast(max(s, axis=1), axis=1, n=64)
    s = s - m
    assert tag(s[i, j]).row == block.x * 4 + i
    store Y[block.x * 4 : +4, 0 : +64], s
