# `arrive` names a shared tile, not an mbarrier array.
kernel k(X: f32[N], Y: f32[N]):
    assume N % 128 == 0
    grid (N / 128)
    threads 128
    s = shared f32[128]
    arrive s[0]  #! error[E021]
    x = load X[block.x * 128 : +128]
    store Y[block.x * 128 : +128], x
