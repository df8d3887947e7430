import numpy as np
TEST_SIZES = {"R": 8, "C": 2}
def reference(inputs, sizes):
    return {"Y": inputs["X"].astype(np.float64).sum(axis=(0, 2)).astype(np.float32)}
