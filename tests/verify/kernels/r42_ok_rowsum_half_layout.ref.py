import numpy as np
TEST_SIZES = {"R": 4}
def reference(inputs, sizes):
    return {"Y": inputs["X"].astype(np.float64).sum(1).astype(np.float32)}
