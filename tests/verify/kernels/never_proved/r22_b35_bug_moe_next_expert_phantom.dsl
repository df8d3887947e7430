# MoE shared-expert pairing: tile b also applies the weights of expert te[b] + 1; 'one tile per expert, strictly increasing, below E' written with te[b + 1] (a phantom past the array bounds te[NT - 1] <= E - 2); bug: te[NT - 1] may be E - 1, reads W[E]
kernel b35_bug_moe_next_expert_phantom(X: f32[T, 64], W: f32[E, 64], te: i32[NT], Y: f32[T, 64]):
    assume NT * 16 == T and E >= 1
    assume te[b] >= 0 and te[b] < te[b + 1] and te[b + 1] < E
    grid NT
    threads 64
    tag X[t, d] = (token=t, d=d)
    tag W[e, d] = (expert=e, d=d)
    x = load X[block.x * 16 : +16, 0 : +64]
    w = load W[te[block.x] + 1 : +1, 0 : +64]
    wb = reshape(bcast(w, axis=0, n=16), shape=(16, 64))
    y = x * wb
    store Y[block.x * 16 : +16, 0 : +64], y
