# r53_ok_kv_append stepping 8 tokens per block for blocks of 16: neighbouring blocks write half
# of each other's rows.
kernel kv_append_written_twice(New: f16[NB, T, 128], POS: i32[NB], Cache: f16[NB, L, 128]):
    assume NB >= 1 and T % 16 == 0 and L >= T and L <= 1048576
    assume POS[b] >= 0 and POS[b] + T <= L
    const BT, D = 16, 128
    grid (T / BT, NB)
    threads 128
    tag New[b, t, d] = (seq=b, tok=t, d=d)
    tag Cache[b, t, d] = (seq=b, tok=t - POS[b], d=d) if t >= POS[b] and t < POS[b] + T
    writes Cache[b, t, d] if t >= POS[b] and t < POS[b] + T
    x = load New[block.y, block.x * BT : +BT, 0 : +D]
    store Cache[block.y, POS[block.y] + block.x * 8 : +BT, 0 : +D], x  #! error[COVER] error[TAG]
