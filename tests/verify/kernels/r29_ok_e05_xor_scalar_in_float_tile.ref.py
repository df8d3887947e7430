import numpy as np
TEST_SIZES = {"R": 4}
def reference(inputs, sizes):
    x = inputs["X"]
    return {"Y": (x + (np.arange(x.shape[0]) ^ 1)[:, None]).astype(np.float32)}
