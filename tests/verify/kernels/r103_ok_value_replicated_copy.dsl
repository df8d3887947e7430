# Held-out round 103: a layout repeating an element in one thread's value slots (no other thread
# holds it); its copy to shared memory was refused as replicated across threads
kernel r103_ok_value_replicated_copy(X: f32[R, 64], Y: f32[R]):
    assume R % 4 == 0
    grid (R / 4)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r] = (row=r, col=range(0, 64))
    x = load X[block.x * 4 : +4, 0 : +64]
    m = sum(x, axis=1) layout (4, 2):(1, 0)
    y = reshape(m, shape=(2, 2))
    z = reshape(y, shape=(4,)) layout (128, 1):(1, 128)
    store Y[block.x * 4 : +4], z
