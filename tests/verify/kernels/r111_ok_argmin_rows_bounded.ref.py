import numpy as np
TEST_SIZES = {"R": 37, "C": 45}
def reference(inputs, sizes):
    return {"I": inputs["X"].argmin(axis=0).astype(np.int32)}
