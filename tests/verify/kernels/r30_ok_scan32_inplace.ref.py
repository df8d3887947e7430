import numpy as np
TEST_SIZES = {"N": 64}
def reference(inputs, sizes):
    x = inputs["X"].astype(np.float64).reshape(-1, 32)
    return {"Y": np.cumsum(x, axis=1).reshape(-1).astype(np.float32)}
