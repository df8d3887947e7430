import numpy as np
TEST_SIZES = {"G": 5}
def reference(inputs, sizes):
    x = inputs["X"].astype(np.float64)
    c = np.cumsum(x, axis=0) - x
    return {"S": c.astype(np.float32)}
