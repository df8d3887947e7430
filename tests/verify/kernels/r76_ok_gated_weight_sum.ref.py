import numpy as np
TEST_SIZES = {"R": 23, "C": 128}
def reference(inputs, sizes):
    x = inputs["X"]; w = inputs["W"].astype(np.float64)[: x.shape[0]]
    return {"V": np.where(x > 0, w, 0).sum(axis=0).astype(np.float32)}
