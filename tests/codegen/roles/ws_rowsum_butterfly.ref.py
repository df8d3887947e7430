import numpy as np
TEST_SIZES = {"M": 64, "K": 192}
def reference(inputs, sizes):
    return {"S": inputs["X"].astype(np.float64).sum(axis=1).astype(np.float32)}
