# Column gather (index_select on dim 1): Y[r, j] = X[r, IDX[j]]; 64 rows by 16 columns per block, any R, J % 16 == 0.
kernel index_select(X: f32[R, C], IDX: i32[J], Y: f32[R, J]):
    assume R >= 1 and J % 16 == 0
    assume IDX[j] >= 0 and IDX[j] < C
    const BR, BJ = 64, 16
    grid ((R + BR - 1) / BR, J / BJ)
    threads 64
    tag X[r, c] = (row=r, col=c)
    tag Y[r, j] = (row=r, col=IDX[j])
    for jj in range(BJ):
        x = load X[block.x * BR : +BR, IDX[block.y * BJ + jj] : +1] masked(fill=0.0)
        store Y[block.x * BR : +BR, block.y * BJ + jj : +1], x masked
