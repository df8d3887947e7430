# Asymmetric int8 dequantisation that subtracts the zero point in i8 before the cast to f32:
# -128 - 1 wraps to 127 (new-user round 72; `cast(q, f32) - cast(zb, f32)` is meant).
kernel dequant(Q: i8[M, 64], ZB: i8[M, 64], Y: f32[M, 64]):
    assume M % 4 == 0
    grid (M / 4)
    threads 128
    tag Q[r, k] = (row=r, k=k)
    tag ZB[r, k] = (row=r, k=k)
    tag Y[r, k] = (row=r, k=k)
    q = load Q[block.x * 4 : +4, 0 : +64]
    zb = load ZB[block.x * 4 : +4, 0 : +64]
    y = cast(q - zb, f32) * 0.5  #! warning[WRAP]
    store Y[block.x * 4 : +4, 0 : +64], y
