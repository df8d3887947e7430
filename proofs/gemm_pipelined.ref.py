"""NumPy reference for proofs/gemm_pipelined.dsl: C = A @ B, fp16 inputs, fp32 accumulation."""
import numpy as np

# One 128 x 128 block; K = 128 is 4 k-tiles, so the 3-slot ring wraps around.
TEST_SIZES = {"M": 128, "N": 128, "K": 128}
BENCH_SIZES = {"M": 4096, "N": 4096, "K": 4096}


def reference(inputs, sizes):
    A, B = inputs["A"], inputs["B"]
    return {"C": A.astype(np.float32) @ B.astype(np.float32)}


def flops(sizes):
    return 2 * sizes["M"] * sizes["N"] * sizes["K"]


def vendor(inputs, sizes):
    """cuBLAS fp16 GEMM on tensor cores (fp32 accumulation, fp16 output: the usual
    baseline; converting the inputs to fp32 first would time a much slower SIMT GEMM)."""
    return {"C": inputs["A"] @ inputs["B"]}
