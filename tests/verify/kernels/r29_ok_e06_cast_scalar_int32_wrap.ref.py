import numpy as np
TEST_SIZES = {}
def reference(inputs, sizes):
    return {"Y": np.full((1, 32), np.float32(3e9), np.float32)}
