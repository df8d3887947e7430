# Y = A * B for 1-D vectors, both staged through shared memory with 16-byte copies: A by
# cp.async, B by a synchronous copy(vec=4). 1-D wide copies lowered the element index as a
# scalar where the runtime helpers take a tuple (the simulator crashed on a proved kernel).
kernel scale_1d_staged(A: f32[N], B: f32[N], Y: f32[N]):
    assume N % 512 == 0
    const BN = 512
    grid (N / BN)
    threads 128
    tag A[i] = (i=i)
    tag B[i] = (i=i)
    tag Y[i] = (i=i)
    sa = shared f32[BN]
    sb = shared f32[BN]
    copy_async sa[0 : +BN], A[block.x * BN : +BN] layout copy(vec=4)
    commit
    copy sb[0 : +BN], B[block.x * BN : +BN] layout copy(vec=4)
    wait_group 0
    barrier
    a = load sa[0 : +BN]
    b = load sb[0 : +BN]
    y = a * b
    assert tag(y[i]).i == block.x * BN + i
    store Y[block.x * BN : +BN], y layout copy(vec=4)
