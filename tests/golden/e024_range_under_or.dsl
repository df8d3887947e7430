# A range claim under `or` beside another tag claim (new-user round 33): the verifier proves
# range and covers claims that stand alone in a conjunct, or beside one condition that reads
# no tag (`G or covers(...)`), so the front end says so instead of an unknown later.
kernel t(A: f32[M, K], Y: f32[M]):
    assume M % 16 == 0 and K % 32 == 0
    grid M / 16
    threads 128
    tag A[m, k] = (row=m, k=k)
    acc = zeros f32[16]
    for kt in range(K / 32):
        a = load A[block.x * 16 : +16, kt * 32 : +32]
        acc = acc + sum(a, axis=1)
    assert tag(acc[i]).k == range(0, K) or tag(acc[i]).row >= M  #! error[E024]
    store Y[block.x * 16 : +16], acc
