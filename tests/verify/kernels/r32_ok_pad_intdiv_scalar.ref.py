import numpy as np
TEST_SIZES = {"R": 8, "C": 20}
def reference(inputs, sizes):
    x = inputs["X"].astype(np.float64)
    return {"W": (x + 1.0).sum(axis=1).astype(np.float32)}
