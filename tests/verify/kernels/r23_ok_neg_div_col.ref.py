import numpy as np
TEST_SIZES = {"R": 64}
def reference(inputs, sizes):
    x = inputs["X"].astype(np.float64); acc = 0
    for t in range(-3, 4):
        q = int(t / 2)
        s = (q + 1) * 16
        acc = acc + x[:, s:s+32]
    return {"Y": acc.astype(np.float32)}
