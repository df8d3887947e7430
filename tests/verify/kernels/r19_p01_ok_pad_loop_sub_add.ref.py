import numpy as np
TEST_SIZES = {"R": 8}
def reference(inputs, sizes):
    X = inputs["X"].astype(np.float64)
    return {"Y": X.sum(axis=1)}
