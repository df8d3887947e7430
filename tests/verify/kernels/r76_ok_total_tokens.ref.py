import numpy as np
TEST_SIZES = {"R": 23}
def reference(inputs, sizes):
    l = inputs["L"].astype(np.int64)
    return {"V": np.array([np.clip(l, 0, 64).sum()], dtype=np.float32)}
