import numpy as np
TEST_SIZES = {"R": 4, "C": 200}
def reference(inputs, sizes):
    x = inputs["X"].astype(np.float64)
    return {"Y": (x * x - x).astype(np.float32)}
