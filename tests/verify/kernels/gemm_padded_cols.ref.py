"""NumPy reference for gemm_padded_cols.dsl: C[:, :N] = A @ B, zeros past N."""
import numpy as np

TEST_SIZES = {"M": 64, "N": 40, "K": 32, "NP": 64}


def reference(inputs, sizes):
    c = np.zeros((sizes["M"], sizes["NP"]))
    c[:, :sizes["N"]] = inputs["A"].astype(np.float64) @ inputs["B"]
    return {"C": c.astype(np.float32)}
