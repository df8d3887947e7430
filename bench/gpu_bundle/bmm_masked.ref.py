"""NumPy reference for proofs/bmm_masked.dsl: C[z] = A[z] @ B[z], fp32 result."""
import numpy as np

TEST_SIZES = {"Bt": 3, "M": 37, "N": 20, "K": 19}     # three batches, every tail partial
BENCH_SIZES = {"Bt": 16, "M": 1023, "N": 1025, "K": 1021}


def reference(inputs, sizes):
    return {"C": np.matmul(inputs["A"].astype(np.float32), inputs["B"].astype(np.float32))}


def flops(sizes):
    return 2 * sizes["Bt"] * sizes["M"] * sizes["N"] * sizes["K"]


def vendor(inputs, sizes):
    """Batched cuBLAS fp16 GEMM (fp16 output), in torch or CuPy."""
    return {"C": inputs["A"] @ inputs["B"]}
