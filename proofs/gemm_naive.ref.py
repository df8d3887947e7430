"""NumPy reference for proofs/gemm_naive.dsl: C = A @ B in float32."""
import numpy as np

# Small sizes for the CUDA simulator (tests/codegen) and the sizes bench/gpu.py times.
TEST_SIZES = {"M": 32, "N": 32, "K": 8}
BENCH_SIZES = {"M": 4096, "N": 4096, "K": 4096}


def reference(inputs, sizes):
    A, B = inputs["A"], inputs["B"]
    return {"C": A.astype(np.float32) @ B.astype(np.float32)}


def flops(sizes):
    return 2 * sizes["M"] * sizes["N"] * sizes["K"]


def vendor(inputs, sizes):
    """The vendor library on the same data (CuPy or PyTorch arrays: both have @)."""
    return {"C": inputs["A"] @ inputs["B"]}
