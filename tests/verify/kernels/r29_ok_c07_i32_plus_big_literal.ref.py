import numpy as np
TEST_SIZES = {"R": 2}
def reference(inputs, sizes):
    return {"Y": (inputs["X"].astype(np.int64) + 3000000000).astype(np.int32)}
