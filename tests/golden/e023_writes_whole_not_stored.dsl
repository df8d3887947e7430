# `writes V[i]` without a condition declares an in-place update of all of V: a kernel that loads
# V, updates it and forgets to store it back is caught (new-user round 62's AdamW step).
kernel k(P: f32[N], V: f32[N]):
    assume N % 256 == 0
    grid (N / 256)
    threads 256
    writes P[i]
    writes V[i]  #! error[E023]
    p = load P[block.x * 256 : +256]
    v = load V[block.x * 256 : +256]
    v = 0.9 * v + 0.1 * p
    p = p - v
    store P[block.x * 256 : +256], p
