# O = P @ V with V's key tile taken from the next key tile (wrapped): key fields mismatch
kernel t30(P: f16[T, T], V: f16[T, D], O: f32[T, D]):
    assume T % 64 == 0 and T >= 128 and D % 64 == 0
    const BM, BK, BD = 64, 32, 64
    grid (T / BM, D / BD)
    threads 128
    tag P[q, t] = (query=q, key=t)
    tag V[t, d] = (key=t, dim=d)
    tag O[q, d] = (query=q, dim=d, key=range(0, T))
    acc = zeros f32[BM, BD] layout mma_m16n8k16(warps=(2, 2))
    for kt in range(T / BK):
        p = load P[block.x * BM : +BM, kt * BK : +BK]
        v = load V[((kt + 1) % (T / BK)) * BK : +BK, block.y * BD : +BD]
        acc = mma(p, v, acc)
    store O[block.x * BM : +BM, block.y * BD : +BD], acc
