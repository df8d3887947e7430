import numpy as np
TEST_SIZES = {"R": 8, "C": 100}
def reference(inputs, sizes):
    return {"Y": np.abs(inputs["X"]).max(axis=1)}
