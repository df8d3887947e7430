"""NumPy reference for proofs/gemm_i8.dsl: C = A @ B of int8 matrices over the whole int8
range, accumulated exactly and wrapped to int32."""
import numpy as np

TEST_SIZES = {"M": 37, "N": 45, "K": 21}      # no size a multiple of its tile: every tail runs
BENCH_SIZES = {"M": 4095, "N": 4097, "K": 4093}


def make_inputs(sizes, rng):
    M, N, K = sizes["M"], sizes["N"], sizes["K"]
    return {"A": rng.integers(-128, 128, (M, K)).astype(np.int8),
            "B": rng.integers(-128, 128, (K, N)).astype(np.int8),
            "C": np.zeros((M, N), np.int32)}


def reference(inputs, sizes):
    # |a * b| <= 2^14, so a sum over K < 2^39 terms is an exact integer in float64, where
    # NumPy's matmul is BLAS's (its int64 matmul would take minutes at BENCH_SIZES)
    a, b = inputs["A"].astype(np.float64), inputs["B"].astype(np.float64)
    return {"C": (a @ b).astype(np.int64).astype(np.int32)}


def flops(sizes):
    return 2 * sizes["M"] * sizes["N"] * sizes["K"]
