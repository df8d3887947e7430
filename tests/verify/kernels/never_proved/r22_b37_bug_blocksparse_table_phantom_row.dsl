# block-sparse row gather: block q sums key blocks tbl[q, j] for j < cnt[q]; 'sorted key blocks below NKB' written tbl[q, j] < tbl[q, j + 1] and tbl[q, j + 1] < NK / 16 (phantom column W); bug: reads key block tbl[q, j] + 1
kernel b37_bug_blocksparse_table_phantom_row(Kx: f32[NK, 64], tbl: i32[NQ, W], cnt: i32[NQ], Y: f32[NQ, 64]):
    assume NK % 16 == 0 and W >= 1
    assume cnt[q] >= 0 and cnt[q] <= W
    assume tbl[q, j] >= 0 and tbl[q, j] < tbl[q, j + 1] and tbl[q, j + 1] < NK / 16
    grid NQ
    threads 64
    tag Kx[k, d] = (key=k, d=d)
    acc = zeros f32[64]
    for j in range(cnt[block.x]):
        kb = load Kx[(tbl[block.x, j] + 1) * 16 : +16, 0 : +64]
        acc = acc + sum(kb, axis=0)
    y = reshape(acc, shape=(1, 64))
    store Y[block.x : +1, 0 : +64], y
