import numpy as np
TEST_SIZES = {"R": 8}
def reference(inputs, sizes):
    X = inputs["X"].astype(np.float64); W = inputs["W"].astype(np.float64)
    s1 = W[:, :56].sum(axis=1) + 200.0
    return {"Y": X.sum(axis=1) * s1}
