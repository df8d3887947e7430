"""NumPy reference for gemm_split_k_halves.dsl: a matrix product."""
import numpy as np

TEST_SIZES = {"M": 16, "N": 32, "K": 64}


def reference(inputs, sizes):
    return {"C": (inputs["A"].astype(np.float64) @ inputs["B"].astype(np.float64)).astype(np.float32)}
