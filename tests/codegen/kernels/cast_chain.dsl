# Casts through types no tile has (i32, f16, f64, i8 in the middle of an expression): the
# generated module must name each of them (held-out kernels: `cast(cast(x, i32), f32)` was
# proved and its lowering raised NameError: int32).
kernel cast_chain(X: f32[N], Y: f32[N]):
    assume N % 64 == 0
    grid (N / 64)
    threads 64
    tag X[i] = (idx=i)
    tag Y[i] = (idx=i)
    x = load X[block.x * 64 : +64]
    y = cast(cast(x * 8.0, i32), f32) + cast(cast(x, f16), f32) + cast(cast(x, f64), f32) + cast(cast(x * 4.0, i8), f32)
    store Y[block.x * 64 : +64], y
