import numpy as np
TEST_SIZES = {"R": 64}
def reference(inputs, sizes):
    x = inputs["X"]; y = x.copy(); y[:, 1:] = x[:, :-1]
    return {"Y": y}
