import numpy as np
TEST_SIZES = {"R": 10, "C": 50}
def reference(inputs, sizes):
    x = inputs["X"]
    return {"H": np.stack([(x == b).sum(axis=1) for b in range(8)], axis=1).astype(np.float32)}
