# Soundness: the realistic face of soundness_repeated_field.dsl. Each accumulator record is
# (row, k from a, k from b, col); here a's k runs over 0 .. K-2 and b's k over 1 .. K-1, so
# `tag(acc).k == range(1, K)` fails for a's k (docs/SEMANTICS.md: a repeated field must satisfy
# the assertion for each occurrence). Without the usual `tag(a).k == tag(b).k` assertion
# nothing else catches the skew; a verifier that conjoins the two k's proves it.
kernel soundness_repeated_field_range(A: f32[M, K], B: f32[K, N], C: f32[M, N]):
    assume M % 16 == 0 and N % 16 == 0 and K >= 2
    const BM, BN = 16, 16
    grid (M / BM, N / BN)
    threads 256
    tag A[i, k] = (row=i, k=k)
    tag B[k, j] = (k=k, col=j)
    acc = zeros f32[BM, BN]
    for k in range(K - 1):
        a = load A[block.x * BM : +BM, k : +1]
        b = load B[k + 1 : +1, block.y * BN : +BN]
        acc = mma(a, b, acc)
    assert tag(acc[i, j]).k == range(1, K)  #! error[TAG]
    store C[block.x * BM : +BM, block.y * BN : +BN], acc
