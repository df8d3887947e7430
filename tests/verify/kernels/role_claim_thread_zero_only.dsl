# A claim written under `if thread.x == 0:` (meant as "check it once") is made by thread 0
# alone, on the one element it holds: columns 8-15 come from the wrong tile (block column 0)
# and nothing checks them. The kernel proves, as the claim says only what thread 0 holds; the
# warning names an element no asserting thread holds.
kernel cp_half(X: f32[R, C], Y: f32[R, C]):
    assume R % 16 == 0 and C % 16 == 0
    grid (R / 16, C / 16)
    threads 256
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r)
    a = load X[block.x * 16 : +16, block.y * 16 : +16]
    b = load X[block.x * 16 : +16, 0 : +16]
    x = where(index(a, axis=1) < 8, a, b)
    if thread.x == 0:
        assert tag(x[i, j]).col == block.y * 16 + j
    store Y[block.x * 16 : +16, block.y * 16 : +16], x
