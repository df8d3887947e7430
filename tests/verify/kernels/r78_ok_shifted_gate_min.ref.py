import numpy as np
TEST_SIZES = {"R": 23, "C": 128}
def reference(inputs, sizes):
    x = inputs["X"].astype(np.float64); g = inputs["G"]
    R = x.shape[0]
    return {"V": np.where(g[1:] >= 0, x[:R-1], np.inf).min(axis=0).astype(np.float32)}
