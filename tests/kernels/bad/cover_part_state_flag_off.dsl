# Held-out round 57: a KV-cache append that stores only when FLAG[0] > 0 and loads Cache
# (state): with FLAG[0] == 0 the declared part is written by no thread.
kernel kv_append_flag(New: f16[NB, T, 128], POS: i32[NB], FLAG: i32[1], Cache: f16[NB, L, 128]):
    assume NB >= 1 and T % 16 == 0 and L >= T and L <= 1048576
    assume POS[b] >= 0 and POS[b] + T <= L
    const BT, D = 16, 128
    grid (T / BT, NB)
    threads 128
    tag New[b, t, d] = (seq=b, tok=t, d=d)
    tag Cache[b, t, d] = (seq=b, tok=t - POS[b], d=d) if t >= POS[b] and t < POS[b] + T
    writes Cache[b, t, d] if t >= POS[b] and t < POS[b] + T
    old = load Cache[block.y, POS[block.y] + block.x * BT : +BT, 0 : +D]
    x = load New[block.y, block.x * BT : +BT, 0 : +D]
    if FLAG[0] > 0:
        store Cache[block.y, POS[block.y] + block.x * BT : +BT, 0 : +D], x  #! error[COVER]
