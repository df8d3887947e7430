import numpy as np
TEST_SIZES = {}
def reference(inputs, sizes):
    x = inputs["X"]; y = np.zeros((4, 32), np.float32)
    for kt in range(-4, 0):
        y[kt + 4] = x[int(np.fmod(kt, 3)) + 2]
    return {"Y": y, "Z": x[1:2].copy()}
