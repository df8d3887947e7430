import numpy as np
TEST_SIZES = {"R": 8}
def reference(inputs, sizes):
    return {"Y": 2.0 * inputs["X"].astype(np.float64).sum(axis=1)}
