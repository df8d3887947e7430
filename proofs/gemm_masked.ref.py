"""NumPy reference for proofs/gemm_masked.dsl: C = A @ B, fp16 inputs, fp32 result."""
import numpy as np

TEST_SIZES = {"M": 37, "N": 45, "K": 21}      # no size a multiple of its tile: every tail runs
BENCH_SIZES = {"M": 4095, "N": 4097, "K": 4093}


def reference(inputs, sizes):
    return {"C": inputs["A"].astype(np.float32) @ inputs["B"].astype(np.float32)}


def flops(sizes):
    return 2 * sizes["M"] * sizes["N"] * sizes["K"]


def vendor(inputs, sizes):
    """cuBLAS fp16 GEMM on tensor cores (fp32 accumulation, fp16 output, widened to fp32),
    in torch or CuPy: the arrays are the library's, so only the operators they share."""
    return {"C": inputs["A"] @ inputs["B"]}
