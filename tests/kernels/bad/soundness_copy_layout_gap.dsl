# Soundness: the copy's thread-value layout (128, 2):(1, 0) repeats element t for value 1
# (stride 0), so it gives s[128 .. 255] to no thread: a statement does only the elements its
# distribution owns (docs/SEMANTICS.md), and the lowering copies only those. The load then
# reads s[128 .. 255], which nothing wrote. A verifier that takes a copy to write its whole
# destination tile, whatever its layout, proves the kernel instead.
kernel soundness_copy_layout_gap(X: f32[256], Y: f32[256]):
    grid (1)
    threads 128
    s = shared f32[256]
    copy s[0 : +256], X[0 : +256] layout (128, 2):(1, 0)
    barrier
    y = load s[0 : +256]  #! error[INIT]
    store Y[0 : +256], y
