import numpy as np
TEST_SIZES = {"R": 8, "C": 100}
START = 127
def reference(inputs, sizes):
    x = inputs["X"].astype(np.int64)
    return {"S": np.maximum(START, x.max(axis=1)).astype(np.int8)}
