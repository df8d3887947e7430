# New-user round 56: residual + dropout whose keep-mask tile is loaded at block.x * BN for the
# column (block.y meant): out of bounds, and the mask of another tile; a bool input holds 0 or 1
# in the witness (it read Keep[*] = 21).
kernel res_dropout(X: f32[M, N], R: f32[M, N], Keep: bool[M, N], Y: f32[M, N]):
    assume M % 16 == 0 and N % 64 == 0
    const BM, BN = 16, 64
    grid (M / BM, N / BN)
    threads 128
    tag X[i, j] = (row=i, col=j)
    tag R[i, j] = (rrow=i, rcol=j)
    tag Keep[i, j] = (mrow=i, mcol=j)
    tag Y[i, j] = (row=i, col=j, mrow=i, mcol=j)
    x = load X[block.x * BM : +BM, block.y * BN : +BN]
    r = load R[block.x * BM : +BM, block.y * BN : +BN]
    k = load Keep[block.x * BM : +BM, block.x * BN : +BN]  #! error[BOUND]
    assert tag(r[i, j]).rrow == block.x * BM + i and tag(r[i, j]).rcol == block.y * BN + j
    y = x + where(k == 1, r * 1.25, 0.0)
    store Y[block.x * BM : +BM, block.y * BN : +BN], y  #! error[TAG]
