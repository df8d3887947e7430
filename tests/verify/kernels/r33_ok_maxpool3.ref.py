import numpy as np
TEST_SIZES = {"H": 37, "W": 70}
def reference(inputs, sizes):
    x = inputs["X"]; H, W = x.shape
    p = np.full((H + 2, W + 2), -np.inf, np.float32); p[1:-1, 1:-1] = x
    y = np.full((H, W), -np.inf, np.float32)
    for dy in range(3):
        for dx in range(3):
            y = np.maximum(y, p[dy:dy + H, dx:dx + W])
    return {"Y": y}
