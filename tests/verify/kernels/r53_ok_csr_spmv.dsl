# New-user round 53: CSR SpMV, one row per block, one nonzero per step of a loop over the row's
# range of the row pointer (rows may be empty).
kernel csr_spmv(PTR: i32[R1], COL: i32[NNZ], VALS: f32[NNZ], X: f32[NC], Y: f32[R]):
    assume R1 == R + 1
    assume PTR[r] >= 0 and PTR[r] <= NNZ
    assume r + 1 >= R1 or PTR[r] <= PTR[r + 1]
    assume COL[j] >= 0 and COL[j] < NC
    grid (R)
    threads 32
    tag VALS[j] = (nz=j, vcol=COL[j])
    tag X[c] = (col=c)
    tag Y[r] = (nz=range(PTR[r], PTR[r + 1]))
    acc = zeros f32[1]
    for j in range(PTR[block.x], PTR[block.x + 1]):
        a = load VALS[j : +1]
        x = load X[COL[j] : +1]
        assert tag(a[0]).nz == j and tag(a[0]).vcol == tag(x[0]).col
        acc = acc + a * x
    store Y[block.x : +1], acc
