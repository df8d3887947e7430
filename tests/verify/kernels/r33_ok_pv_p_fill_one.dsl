# Held-out round 33: P @ V with P filled with 1.0 (rows past T and the key tail) over V's 0.0
# key tail: the key tail's products are 1.0 * 0.0, and the rows past T are whole rows of the
# result, dropped by the masked store.
kernel attn_pv(P: f16[T, S], V: f16[S, 64], O: f32[T, 64]):
    assume T >= 1 and S >= 1
    const BM, BS, D = 64, 32, 64
    grid (T + BM - 1) / BM
    threads 128
    tag P[t, s] = (q=t, key=s)
    tag V[s, d] = (key=s, d=d)
    tag O[t, d] = (q=t, d=d, key=range(0, S))
    sP = shared f16[BM, BS]
    sV = shared f16[BS, D]
    acc = zeros f32[BM, D] layout mma_m16n8k16(warps=(2, 2))
    for st in range((S + BS - 1) / BS):
        copy sP[0 : +BM, 0 : +BS], P[block.x * BM : +BM, st * BS : +BS] masked(fill=1.0)
        copy sV[0 : +BS, 0 : +D], V[st * BS : +BS, 0 : +D] masked(fill=0.0)
        barrier
        p = load sP[0 : +BM, 0 : +BS]
        v = load sV[0 : +BS, 0 : +D]
        assert tag(p[i, kk]).key == tag(v[kk, j]).key
        acc = mma(p, v, acc)
        barrier
    store O[block.x * BM : +BM, 0 : +D], acc masked
