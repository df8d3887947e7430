# Math on f16 tiles is computed in f32 (no rounding inside an expression; cast(..., f32)
# keeps every bit of it), a float-to-integer cast truncates toward zero, and `^` works on
# integer tiles.
kernel mathmix(X: f16[R, 64], Y: f32[R, 64], Z: i32[R, 64]):
    assume R % 4 == 0
    const BR = 4
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r, col=c)
    tag Z[r, c] = (row=r, col=c)
    x = load X[block.x * BR : +BR, 0 : +64]
    y = cast(tanh(x) + erf(x) * exp2(x) - log2(abs(x) + 1.0) + sigmoid(x) * pow(abs(x), 1.5), f32)
    z = cast(x * 8.0, i32) ^ 5
    store Y[block.x * BR : +BR, 0 : +64], y
    store Z[block.x * BR : +BR, 0 : +64], z
