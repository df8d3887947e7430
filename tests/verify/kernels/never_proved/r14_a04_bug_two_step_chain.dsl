# Row sums of exp(X) over 200 columns, written through two temporaries each assigned twice (scratch
# reuse). The masked load's 0.0 padding becomes exp(0) = 1.0 (expected TAG at the sum).
kernel a04_bug_two_step_chain(X: f32[R, 200], Y: f32[R]):
    assume R % 4 == 0
    const BR, BC = 4, 256
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r)
    u = zeros f32[BR, BC]
    v = zeros f32[BR, BC]
    x = load X[block.x * BR : +BR, 0 : +BC] masked(fill=0.0)
    u = exp(x)
    v = u * 1.0
    x = v
    s = sum(x, axis=1)
    store Y[block.x * BR : +BR], s
