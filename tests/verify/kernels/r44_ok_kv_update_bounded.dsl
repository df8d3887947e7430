# New-user round 44: an out-of-place KV-cache update. Row r of sequence b takes Knew's row
# r - pos[b] where pos[b] <= r < pos[b] + T, else the old cache's. With L unbounded the i32
# sum pos[b] + T may wrap past 2^31 (a TAG finding whose hint names the size past 2^30);
# bounded by an assume, it proves (tests/verify/test_verdicts.py makes the unbounded one).
kernel kv_update(Knew: f16[NB, T, 128], pos: i32[NB], Kc: f16[NB, L, 128], Kout: f16[NB, L, 128]):
    assume NB >= 1 and T >= 1 and L >= T and L <= 1048576
    assume pos[b] >= 0 and pos[b] + T <= L
    const BL, D = 16, 128
    grid ((L + BL - 1) / BL, NB)
    threads 128
    tag Knew[b, t, d] = (seq=b, d=d)
    tag Kc[b, r, d] = (seq=b, d=d)
    tag Kout[b, r, d] = (seq=b, d=d)
    old = load Kc[block.y, block.x * BL : +BL, 0 : +D] masked(fill=0.0)
    new = load Knew[block.y, block.x * BL - pos[block.y] : +BL, 0 : +D] masked(fill=0.0)
    p1 = load pos[block.y : +1]
    p2 = reshape(bcast(p1, axis=0, n=BL), shape=(BL,))
    pb = bcast(p2, axis=1, n=D)
    r = block.x * BL + index(old, axis=0)
    k = where(r >= pb and r < pb + T, new, old)
    store Kout[block.y, block.x * BL : +BL, 0 : +D], k masked
