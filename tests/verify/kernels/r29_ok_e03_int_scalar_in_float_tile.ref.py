import numpy as np
TEST_SIZES = {}
def reference(inputs, sizes):
    y = np.zeros((2, 32), np.float32)
    for kt in range(16777216, 16777218):
        y[kt - 16777216] = inputs["X"][kt - 16777216] * np.float32(0.0) + np.float32((kt - 16777216) + (kt % 7) * 10)
    return {"Y": y}
