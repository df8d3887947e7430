# MoE-style weight gather by tile_expert; assume tile_expert[b] < tile_expert[(b + 1) % NT] (contradictory); BUG: W read at tile_expert + 1
kernel g27_bug_moe_tile_expert_cyclic(X: f32[T, 64], W: f32[E, 64], tile_expert: i32[NT], Y: f32[T, 64]):
    assume T == NT * 16 and E >= 1
    assume tile_expert[b] >= 0 and tile_expert[b] < E
    assume tile_expert[b] < tile_expert[(b + 1) % NT]
    grid (NT)
    threads 128
    tag X[t, d] = (tok=t, col=d)
    tag W[e, d] = (col=d)
    tag Y[t, d] = (tok=t, col=d)
    x = load X[block.x * 16 : +16, 0 : +64]
    w = load W[tile_expert[block.x] + 1, 0 : +64]
    y = x * bcast(w, axis=0, n=16)
    store Y[block.x * 16 : +16, 0 : +64], y
