import numpy as np
TEST_SIZES = {"R": 23, "C": 128}
def reference(inputs, sizes):
    return {"V": inputs["X"].astype(np.float64).var(axis=0).astype(np.float32)}
