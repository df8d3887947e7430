# GEMM with the first k tile peeled off before the loop and the loop skipping it with
# `if kt >= 1`: every k tile is multiplied once. The range claim counts the guarded update's
# iterations (K / 16 - 1, a closed form of the condition) plus the peeled one. Buggy
# siblings: tests/kernels/bad/tag_gemm_peeled_skips_second_ktile.dsl,
# tag_gemm_peeled_first_ktile_twice.dsl.
kernel gemm_peeled_first_ktile(A: f32[M, K], B: f32[K, N], C: f32[M, N]):
    assume M % 16 == 0 and N % 16 == 0 and K % 16 == 0 and K >= 16
    grid (M / 16, N / 16)
    threads 64
    tag A[i, k] = (row=i, k=k)
    tag B[k, j] = (k=k, col=j)
    tag C[i, j] = (row=i, col=j, k=range(0, K))
    acc = zeros f32[16, 16]
    a0 = load A[block.x * 16 : +16, 0 : +16]
    b0 = load B[0 : +16, block.y * 16 : +16]
    acc = mma(a0, b0, acc)
    for kt in range(K / 16):
        if kt >= 1:
            a = load A[block.x * 16 : +16, kt * 16 : +16]
            b = load B[kt * 16 : +16, block.y * 16 : +16]
            acc = mma(a, b, acc)
    store C[block.x * 16 : +16, block.y * 16 : +16], acc
