import numpy as np
TEST_SIZES = {"R": 13, "C": 300}
def reference(inputs, sizes):
    X = inputs["X"].astype(np.float64); W = inputs["W"].astype(np.float64)
    inv = 1.0 / np.sqrt((X * X).mean(axis=1) + 1e-5)
    return {"Y": (X * inv[:, None] * W[None, :]).astype(np.float32)}
