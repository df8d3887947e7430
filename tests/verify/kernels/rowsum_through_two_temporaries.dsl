# A running row sum written back through a chain of temporaries (t1 = s + ...; t2 = t1; s = t2):
# the copy back reads as the in-place update s = s + sum(x, axis=1) (encode/copyback.py), as
# one temporary did. Proved.
kernel rowsum_through_two_temporaries(X: f32[R, C], Y: f32[R]):
    assume R % 4 == 0 and C % 64 == 0 and C >= 128
    grid (R / 4)
    threads 64
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r, col=range(0, C))
    s = zeros f32[4]
    for ct in range(C / 64):
        x = load X[block.x * 4 : +4, ct * 64 : +64]
        t1 = s + sum(x, axis=1)
        t2 = t1
        s = t2
    store Y[block.x * 4 : +4], s
