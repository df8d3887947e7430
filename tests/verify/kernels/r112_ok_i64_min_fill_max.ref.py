import numpy as np
TEST_SIZES = {"R": 5, "C": 3}
def reference(inputs, sizes):
    return {"O": inputs["X"].min(axis=1).astype(np.int64)}
