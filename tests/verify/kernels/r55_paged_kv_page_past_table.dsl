# New-user round 55: a paged KV-cache write one logical page late (PPOS[b] + j + 1): the block
# table is read one page past its end. Its inverse table's quantified assumptions made every query
# time out (unknown at 60 s) until quantifiers were unrolled over small sizes (encode/small_domain.py).
kernel paged_kv_write(Knew: f16[NB, T, 128], PPOS: i32[NB], BT: i32[NB, NP], OWN: i32[NBLK], OPG: i32[NBLK], Cache: f16[NBLK, 16, 128]):
    assume NB >= 1 and T % 16 == 0 and T >= 16 and NP <= 65536 and NBLK <= 1048576
    assume PPOS[b] >= 0 and PPOS[b] * 16 + T <= NP * 16
    assume BT[b, p] >= 0 and BT[b, p] < NBLK and OWN[BT[b, p]] == b and OPG[BT[b, p]] == p
    assume OWN[n] >= -1 and OWN[n] < NB and OPG[n] >= 0 and OPG[n] < NP and (OWN[n] < 0 or BT[OWN[n], OPG[n]] == n)
    const P, D = 16, 128
    grid (T / P, NB)
    threads 128
    tag Knew[b, t, d] = (seq=b, tok=t, d=d)
    tag Cache[n, s, d] = (seq=OWN[n], tok=(OPG[n] - PPOS[OWN[n]]) * 16 + s, d=d) if OWN[n] >= 0 and OPG[n] >= PPOS[OWN[n]] and OPG[n] * 16 < PPOS[OWN[n]] * 16 + T
    writes Cache[n, s, d] if OWN[n] >= 0 and OPG[n] >= PPOS[OWN[n]] and OPG[n] * 16 < PPOS[OWN[n]] * 16 + T
    x = load Knew[block.y, block.x * P : +P, 0 : +D]
    assert tag(x[i, j]).seq == block.y and tag(x[i, j]).tok == block.x * P + i
    store Cache[BT[block.y, PPOS[block.y] + block.x + 1], 0 : +P, 0 : +D], x
