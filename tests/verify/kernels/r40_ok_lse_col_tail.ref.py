import numpy as np
TEST_SIZES = {"R": 16, "C": 300}
def reference(inputs, sizes):
    X = inputs["X"].astype(np.float64); m = X.max(axis=1)
    return {"L": (m + np.log(np.exp(X - m[:, None]).sum(axis=1))).astype(np.float32)}
