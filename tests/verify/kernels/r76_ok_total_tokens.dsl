# Held-out round 76: the number of valid (row, col) slots, col < L[row], of up to 32 rows;
# lengths loaded with fill 0 count no slot in the rows past R.
kernel total_tokens(L: i32[R], V: f32[1]):
    assume R >= 1 and R <= 32
    const BR, BC = 32, 64
    grid (1)
    threads 64
    l = load L[0 : +BR] masked(fill=0)
    z = zeros f32[BR, BC]
    k = sum(mask(z + 1.0, index(z, axis=1) < bcast(l, axis=1, n=BC), fill=0.0), axis=1)
    t = sum(reshape(k, shape=(1, BR)), axis=1)
    store V[0 : +1], t
