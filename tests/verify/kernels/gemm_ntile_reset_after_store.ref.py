"""NumPy reference for gemm_ntile_reset_after_store.dsl: C = A @ B."""
import numpy as np

TEST_SIZES = {"M": 16, "N": 48, "K": 32}


def reference(inputs, sizes):
    return {"C": (inputs["A"].astype(np.float64) @ inputs["B"].astype(np.float64)).astype(np.float32)}
