# Per-thread branch with a wrong source: the last thread of each block stages its element
# of the bias W instead of the input X, so y[255] carries W's tag (TAG, at thread 255).
kernel bias_stage(X: f32[N], W: f32[N], Y: f32[N]):
    assume N % 256 == 0
    grid (N / 256)
    threads 256
    tag X[i] = (i=i, src=0)
    tag W[i] = (i=i, src=1)
    s = shared f32[256]
    x = load X[block.x * 256 : +256]
    w = load W[block.x * 256 : +256]
    if thread.x < 255:
        store s[0 : +256], x
    else:
        store s[0 : +256], w
    barrier
    y = load s[0 : +256]
    assert tag(y[i]).src == 0  #! error[TAG]
    store Y[block.x * 256 : +256], y
