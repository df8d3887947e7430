"""NumPy reference for scores_bcast_product.dsl: S = Q Kᵀ."""
import numpy as np
TEST_SIZES = {"M": 16, "N": 8}
def reference(inputs, sizes):
    return {"S": inputs["Q"].astype(np.float64) @ inputs["K"].astype(np.float64).T}
