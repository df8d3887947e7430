"""Reference for gemm_i32_wrap.dsl: C = A @ B of int32 matrices, wrapping in int32."""
import numpy as np

TEST_SIZES = {"M": 32, "N": 16, "K": 24}


def make_inputs(sizes, rng):
    M, N, K = sizes["M"], sizes["N"], sizes["K"]
    big = 2 ** 31
    return {"A": rng.integers(-big, big, (M, K)).astype(np.int32),
            "B": rng.integers(-big, big, (K, N)).astype(np.int32),
            "C": np.zeros((M, N), np.int32)}


def reference(inputs, sizes):
    return {"C": (inputs["A"].astype(np.int64) @ inputs["B"].astype(np.int64)).astype(np.int32)}
