import numpy as np
TEST_SIZES = {"R": 8}
def reference(inputs, sizes):
    y = np.zeros_like(inputs["X"]); y[:, :32] = inputs["X"][:, :32]
    return {"Y": y}
