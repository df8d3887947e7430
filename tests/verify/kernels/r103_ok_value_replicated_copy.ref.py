import numpy as np
TEST_SIZES = {"R": 8}
def reference(inputs, sizes):
    return {"Y": inputs["X"].astype(np.float64).sum(axis=1).astype(np.float32)}
