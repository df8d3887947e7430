import numpy as np
TEST_SIZES = {"R": 4, "C": 300}
def reference(inputs, sizes):
    x = inputs["X"].astype(np.float64)
    p = np.exp(x - x.max(axis=1, keepdims=True))
    return {"Y": (p / p.sum(axis=1, keepdims=True)).astype(np.float32)}
