# a ring slot (kt + 4) % 3 in a loop from -4 (kt + 4 >= 0): lowered as a carried counter; a later
# loop also named kt starts at 1. Row kt + 4 of Y gets X's row (kt % 3 + 2), C's remainder.
kernel m13_loopvar_reuse_ring_counter(X: f32[5, 32], Y: f32[4, 32], Z: f32[1, 32]):
    grid (1)
    threads 32
    for kt in range(-4, 0):
        x = load X[kt % 3 + 2 : +1, 0 : +32]
        store Y[kt + 4 : +1, 0 : +32], x
    for kt in range(1, 2):
        z = load X[kt : +1, 0 : +32]
        store Z[kt - 1 : +1, 0 : +32], z
