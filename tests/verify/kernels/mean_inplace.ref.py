import numpy as np
TEST_SIZES = {"R": 4, "C": 128}
def reference(inputs, sizes):
    return {"Y": (inputs["X"].astype(np.float64).sum(axis=1) / 64.0).astype(np.float32)}
