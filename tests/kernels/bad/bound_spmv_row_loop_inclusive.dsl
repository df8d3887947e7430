# New-user round 53 (CSR SpMV): the row loop runs to PTR[r + 1] inclusive, one nonzero past the row;
# the witness lists the row pointer's values and replays with them (random ones cannot keep
# PTR in order).
kernel spmv(PTR: i32[R1], COL: i32[NNZ], VALS: f32[NNZ], X: f32[NC], Y: f32[R]):
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
    for j in range(PTR[block.x], PTR[block.x + 1] + 1):
        a = load VALS[j : +1]  #! error[BOUND]
        x = load X[COL[j] : +1]  #! error[BOUND]
        assert tag(a[0]).nz == j and tag(a[0]).vcol == tag(x[0]).col
        acc = acc + a * x
    store Y[block.x : +1], acc  #! error[TAG]
