# Held-out round 99: state read and rewritten in a loop whose trip count reads data; the
# interpreter (the lowering check's oracle) reported a COVER the verifier rightly did not
kernel r99_ok_rmw_once(X: f32[NB, K, 64], Y: f32[NB, 64], LEN: i32[NB]):
    assume LEN[i] >= 0 and LEN[i] <= 1 and K >= 1
    grid (NB)
    threads 32
    tag X[b, k, i] = (b=b, k=k, idx=i)
    tag Y[b, i] = (b=b, idx=i)
    for k in range(LEN[block.x]):
        acc = load Y[block.x, 0 : +64] layout (32, 2):(2, 1)
        x = load X[block.x, k, 0 : +64] layout (32, 2):(2, 1)
        acc2 = acc + x
        barrier
        store Y[block.x, 0 : +64], acc2 layout (32, 2):(1, 32)
