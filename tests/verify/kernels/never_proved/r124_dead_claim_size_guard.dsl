# Thirty-fourth session: the only row claim of a copy that reads the next block's rows sits
# under a condition no size allowed by the `assume`s meets (`M < 16` with M >= 16): it checks
# nothing (encode/dead_claims.py: unknown).
kernel row_copy_dead_claim(X: f32[M, 32], Y: f32[M, 32]):
    assume M % 16 == 0 and M >= 16
    grid (M / 16)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (col=c)
    x = load X[(block.x * 16 + 16) % M : +16, 0 : +32]
    if M < 16:
        assert tag(x[i, j]).row == block.x * 16 + i
    store Y[block.x * 16 : +16, 0 : +32], x
