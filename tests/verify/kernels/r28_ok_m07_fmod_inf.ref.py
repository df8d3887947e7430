import numpy as np
TEST_SIZES = {"R": 8}
def reference(inputs, sizes):
    x = inputs["X"]
    with np.errstate(invalid="ignore"):
        return {"Y": np.fmod(np.where(x > 0, x, np.float32(np.inf)), np.float32(2.0)) + x}
