import numpy as np
TEST_SIZES = {"R": 16, "C": 256}
def reference(inputs, sizes):
    a = inputs["A"].astype(np.float64); b = inputs["B"].astype(np.float64)
    o = (a * b).sum(1) / np.maximum(np.sqrt((a * a).sum(1)) * np.sqrt((b * b).sum(1)), 1e-8)
    return {"O": o.astype(np.float32)}
