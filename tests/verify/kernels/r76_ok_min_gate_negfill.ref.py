import numpy as np
TEST_SIZES = {"R": 23, "C": 128}
def reference(inputs, sizes):
    x = inputs["X"].astype(np.float64)
    return {"V": (np.where(x >= 0, x, np.inf).min(axis=0)).astype(np.float32)}
