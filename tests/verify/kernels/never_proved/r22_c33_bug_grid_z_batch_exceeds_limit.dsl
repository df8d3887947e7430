# per-batch row copy with the batch on grid z; the assume admits only Bt >= 100000 batches, over the 65535 limit of grid z
kernel c33_bug_grid_z_batch_exceeds_limit(X: f32[Bt, 64], Y: f32[Bt, 64]):
    assume Bt >= 100000
    grid (1, 1, Bt)
    threads 64
    tag X[b, d] = (batch=b, d=d)
    tag Y[b, d] = (batch=b, d=d)
    x = load X[block.z : +1, 0 : +64]
    store Y[block.z : +1, 0 : +64], x
