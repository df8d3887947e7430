# Held-out round 76: a mask whose condition reads padding (its truth there is the fill's).
# tests/verify/kernels/idx_ok_onehot_count.dsl with the one-hot written as a mask of ones
# and the tail filled with 0.0, which equals class 0: class 0's count gains 256 - R
kernel o2_onehot_count_mask_untagged(X: f32[R], Y: f32[32]):
    assume R >= 1 and R <= 256
    grid 1
    threads 256
    tag X[r] = (row=r)
    x = load X[0 : +256] masked(fill=0.0)
    xb = bcast(x, axis=0, n=32)
    z = zeros f32[32, 256]
    hit = mask(z + 1.0, xb == cast(index(xb, axis=0), f32), fill=0.0)
    y = sum(hit, axis=1)
    store Y[0 : +32], y
