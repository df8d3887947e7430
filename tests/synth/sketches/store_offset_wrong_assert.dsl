# A sketch with no completion: its assertion is false whatever the store offset, so the first
# witness does not mention the hole and no value can avoid it (new-user round 38: this ended
# as "budget", the solver undecided, instead of "no completion").
kernel add(A: f32[M, N], C: f32[M, N]):
    assume M % 16 == 0 and N % 64 == 0
    const BM, BN = 16, 64
    grid (M / BM, N / BN)
    threads 128
    tag A[i, j] = (row=i, col=j)
    tag C[i, j] = (row=i, col=j)
    a = load A[block.x * BM : +BM, block.y * BN : +BN]
    assert tag(a[i, j]).row == block.x * BM + i + 1
    store C[block.x * BM + ?? : +BM, block.y * BN : +BN], a
