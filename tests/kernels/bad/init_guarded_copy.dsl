# The tile is staged only when the block has a predecessor (block.x > 0), but every
# block reads it: block 0 reads shared memory nothing wrote.
kernel halo(X: f32[N], Y: f32[N]):
    assume N % 128 == 0 and N >= 128
    grid (N / 128)
    threads 128
    tag X[i] = (i=i)
    s = shared f32[128]
    if block.x > 0:
        copy s[0 : +128], X[block.x * 128 - 128 : +128]
    barrier
    x = load s[0 : +128]  #! error[INIT]
    store Y[block.x * 128 : +128], x
