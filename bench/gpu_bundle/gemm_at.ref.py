"""NumPy reference for proofs/gemm_at.dsl: C = A^T @ B, A stored [K, M], fp32 result."""
import numpy as np

TEST_SIZES = {"M": 64, "N": 32, "K": 32}      # two row blocks, two k-tiles
BENCH_SIZES = {"M": 4096, "N": 4096, "K": 4096}


def reference(inputs, sizes):
    return {"C": inputs["A"].astype(np.float32).T @ inputs["B"].astype(np.float32)}


def flops(sizes):
    return 2 * sizes["M"] * sizes["N"] * sizes["K"]


def vendor(inputs, sizes):
    """cuBLAS fp16 GEMM on tensor cores (fp32 accumulation, fp16 output, widened to fp32),
    in torch or CuPy: the arrays are the library's, so only the operators they share."""
    return {"C": inputs["A"].T @ inputs["B"]}
