import numpy as np
TEST_SIZES = {"N": 256}
def reference(inputs, sizes):
    x = np.pad(inputs["X"].astype(np.float64), 1)
    return {"Y": (x[:-2] + x[2:] - 2.0 * x[1:-1]).astype(np.float32)}
