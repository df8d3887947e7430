import numpy as np
TEST_SIZES = {"R": 8}
def reference(inputs, sizes):
    X = inputs["X"].astype(np.float64)
    return {"Y": (X * (np.arange(200) + 1.0)).sum(axis=1)}
