import numpy as np
TEST_SIZES = {"R": 3}
def reference(inputs, sizes):
    x = inputs["X"].astype(np.float64)
    d = x - x.sum(axis=1, keepdims=True) / sizes["R"]
    return {"Y": d.sum(axis=0).astype(np.float32)}
