import numpy as np
TEST_SIZES = {"R": 8}
def reference(inputs, sizes):
    return {"Y": np.full_like(inputs["X"], np.nan)}
