import numpy as np
TEST_SIZES = {"R": 3}
def reference(inputs, sizes):
    return {"Y": np.cumsum(inputs["X"].astype(np.float64), axis=1).astype(np.float32)}
