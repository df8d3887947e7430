# A kernel line and nothing after it.
kernel gemm(A: f16[M, K], B: f16[K, N], C: f32[M, N]):  #! error[E003]
